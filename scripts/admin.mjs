// `npm run admin -- grant EMAIL | revoke EMAIL`: runs the built command (dist/server/admin.js), building it
// first when the sources are newer and the build tools are installed (not after `npm ci --omit=dev`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureServerBuild, root, SERVER_ENTRY } from "./lib/prepare.mjs";

const hasBuildTools = fs.existsSync(path.join(root, "node_modules", "esbuild"));
if (hasBuildTools) await ensureServerBuild();
const envFile = path.join(root, ".env");
const entry = path.join(path.dirname(SERVER_ENTRY), "admin.js");
const args = [...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []), entry, ...process.argv.slice(2)];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
