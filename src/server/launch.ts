// The built server's entry, dist/server/main.js (scripts/lib/prepare.mjs), which `npm start` and
// `npm run serve` run. A bundle lists every package's import above its own code, and they all run before
// it: so this entry sets NODE_ENV's default (production-default.ts) and only then imports the server,
// dynamically, which the build keeps as a chunk of its own, with its packages' imports in it (decision
// 0061). From source, main.ts is the entry and imports production-default.ts first.
import "./production-default";

await import("./main");
