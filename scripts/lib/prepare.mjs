// Shared by `npm start` and `npm test`: plain Node, no dependencies, because it runs before they exist.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    process.stderr.write(`\n${command} ${args.join(" ")} failed (exit ${result.status}).\n`);
    process.exit(result.status ?? 1);
  }
}

function fileHash(file) {
  return createHash("sha256")
    .update(fs.readFileSync(path.join(root, file)))
    .digest("hex");
}

/** Installs dependencies when node_modules is missing or was installed from another lockfile. */
export function ensureDependencies() {
  const stamp = path.join(root, "node_modules", ".torg-lock-hash");
  const wanted = fileHash("package-lock.json");
  const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
  if (current === wanted) return;
  process.stdout.write("Installing dependencies (npm ci)...\n");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
  fs.writeFileSync(stamp, wanted);
}

const CLIENT_INPUTS = [
  "index.html",
  "shop.html",
  "account.html",
  "vite.config.ts",
  "src/server/lib/page-head.ts",
  "package-lock.json",
  "src/web",
  "src/shared",
  "public",
];

function newestInput() {
  let newest = 0;
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full)) visit(path.join(entry, child));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  CLIENT_INPUTS.forEach(visit);
  return newest;
}

/** The app (index.html) and, after it, the pages the server renders (shop.html, account.html): see vite.config.ts. */
export function buildClient() {
  run("npx", ["vite", "build", "--logLevel", "warn"]);
  run("npx", ["vite", "build", "--mode", "server-pages", "--logLevel", "warn"]);
}

/** Builds the web client when dist/web is missing or older than any of its sources. */
export function ensureClientBuild() {
  const built = path.join(root, "dist", "web", "account.html");
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestInput()) return;
  process.stdout.write("Building the web client...\n");
  buildClient();
}
