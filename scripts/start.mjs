// `npm start`: install if needed, build the client if stale, then migrate and serve (main.ts migrates).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureClientBuild, ensureDependencies, root } from "./lib/prepare.mjs";

ensureDependencies();
ensureClientBuild();

const envFile = path.join(root, ".env");
const args = [
  ...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  "--import",
  "tsx",
  "src/server/main.ts",
];
const server = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
