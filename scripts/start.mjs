// `npm start`: install if needed, build what is stale, then serve the built server with plain Node
// (main.js migrates). Production, after `npm ci --omit=dev`, runs the same `dist/server/main.js` (`npm run serve`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  ensureClientBuild,
  ensureDependencies,
  ensureServerBuild,
  ensureSupportedNode,
  root,
  SERVER_ENTRY,
} from "./lib/prepare.mjs";

ensureSupportedNode();
ensureDependencies();
ensureClientBuild();
await ensureServerBuild();

const envFile = path.join(root, ".env");
const args = [
  ...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  "--enable-source-maps",
  SERVER_ENTRY,
];
const server = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
