// `npm run admin`, `npm run backup`, `npm run restore`, `npm run db:move-to-postgres`: runs a built
// command (dist/server/<name>.js) with its arguments, building it first when the sources are newer and
// the build tools are installed (they are not after `npm ci --omit=dev`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureServerBuild, root, SERVER_ENTRY } from "./lib/prepare.mjs";

const [name, ...args] = process.argv.slice(2);
const hasBuildTools = fs.existsSync(path.join(root, "node_modules", "esbuild"));
if (hasBuildTools) await ensureServerBuild();
const envFile = path.join(root, ".env");
const entry = path.join(path.dirname(SERVER_ENTRY), `${name}.js`);
const result = spawnSync(
  process.execPath,
  [...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []), entry, ...args],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
