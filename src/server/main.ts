// The server's entry: `npm start` and `npm run serve` run its build (dist/server/main.js), `npm run dev`
// runs it on tsx. It imports nothing that imports React before NODE_ENV has its default
// (production-default.ts): static imports are all evaluated before a module's own code, and a bundle
// lists every package's import above its code, so the server comes in by a dynamic import, which the
// bundle keeps as a chunk of its own (scripts/lib/prepare.mjs, decision 0061).
import { applyDefaultNodeEnv } from "./production-default";

applyDefaultNodeEnv();

try {
  const { serve } = await import("./serve");
  await serve();
} catch (error: unknown) {
  process.stderr.write(`Torg could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
