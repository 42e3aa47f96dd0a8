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

/** The Node.js line Torg runs on (package.json "engines"); older machines get it from the npm registry. */
export const NODE_MAJOR = 22;
/** What is installed when the machine's Node.js is older: the active LTS line, through the `node` package. */
const NODE_PACKAGE = "node@24";

/**
 * The folder of a Node.js binary that is new enough: this process's own, or one installed from the
 * npm registry (the `node` package ships the binary) into .tmp/node, so a machine with an old Node.js
 * still runs `npm start`, `npm test` and CI on a supported one.
 */
export function supportedNodeBinDir() {
  if (Number(process.versions.node.split(".")[0]) >= NODE_MAJOR) return path.dirname(process.execPath);
  const prefix = path.join(root, ".tmp", "node");
  const bin = path.join(prefix, "node_modules", "node", "bin");
  if (!fs.existsSync(path.join(bin, "node"))) {
    process.stderr.write(
      `Node.js ${process.versions.node} is older than ${NODE_MAJOR}: installing ${NODE_PACKAGE}...\n`,
    );
    // The `node` package's preinstall script fetches the binary's platform package: approve it in the
    // folder's own package.json (npm 11 warns about unreviewed install scripts, and refuses
    // `--allow-scripts` on the command line of a project-scoped install).
    fs.mkdirSync(prefix, { recursive: true });
    fs.writeFileSync(
      path.join(prefix, "package.json"),
      `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`,
    );
    // npm's report goes to stderr: .ci/run reads this function's answer from stdout.
    const args = ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", NODE_PACKAGE];
    run("npm", args, { stdio: ["ignore", 2, 2] });
  }
  return bin;
}

/**
 * Runs this script again on a supported Node.js when the current one is older (then never returns),
 * with that Node.js first on PATH so every child (npm, npx, vitest, playwright) uses it too.
 */
export function ensureSupportedNode() {
  const bin = supportedNodeBinDir();
  if (bin === path.dirname(process.execPath)) return;
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` };
  const child = spawnSync(path.join(bin, "node"), process.argv.slice(1), { stdio: "inherit", env });
  process.exit(child.status ?? 1);
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
  "src/server/pages/page-head.ts",
  "package-lock.json",
  "src/web",
  "src/shared",
  "public",
];

function newestInput(inputs = CLIENT_INPUTS) {
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
  inputs.forEach(visit);
  return newest;
}

const SERVER_OUT = path.join(root, "dist", "server");
export const SERVER_ENTRY = path.join(SERVER_OUT, "main.js");
const SERVER_INPUTS = ["src/server", "src/shared", "src/web", "package-lock.json"];

/**
 * The server as plain JavaScript (dist/server/main.js and admin.js), so production runs it with `node`
 * and no TypeScript at run time. Packages stay outside the bundle (they are installed with
 * `npm ci --omit=dev`), so every package the bundle imports must be in "dependencies": checked here,
 * so a runtime import of a devDependency fails the build instead of the production start.
 */
export async function buildServer({ outdir = SERVER_OUT } = {}) {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      // launch.ts: NODE_ENV's default, then the server (main.ts) from a chunk of its own (decision 0061).
      main: "src/server/launch.ts",
      admin: "src/server/cli/admin.ts",
      backup: "src/server/cli/backup.ts",
    },
    outdir,
    bundle: true,
    // launch.ts imports the server dynamically once NODE_ENV has its default (decision 0061): splitting
    // keeps that import a chunk of its own, with its packages' imports in it, instead of hoisting them
    // above main.js's code.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: `node${NODE_MAJOR}`,
    packages: "external",
    jsx: "automatic",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const imported = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const entry of output.imports) {
      if (!entry.external || entry.path.startsWith("node:")) continue;
      const parts = entry.path.split("/");
      imported.add(entry.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  const misplaced = [...imported].filter((name) => !runtime.has(name)).sort();
  if (misplaced.length > 0) {
    process.stderr.write(
      `The server imports packages that are not in "dependencies" (a production install lacks them): ${misplaced.join(", ")}\n`,
    );
    process.exit(1);
  }
  removeStaleChunks(result.metafile, outdir);
  const early = packagesLoadedBeforeMain(result.metafile, "src/server/launch.ts");
  if (early.length > 0) {
    process.stderr.write(
      `main.js loads ${early.join(", ")} before its own code: NODE_ENV's default comes too late for React (decision 0061). Import the server dynamically, as launch.ts does.\n`,
    );
    process.exit(1);
  }
}

/** Chunks of earlier builds (their names carry a hash of their contents) would pile up in the folder. */
function removeStaleChunks(metafile, outdir) {
  const folder = path.resolve(root, outdir, "chunks");
  if (!fs.existsSync(folder)) return;
  const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)));
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!written.has(file)) fs.rmSync(file, { force: true });
  }
}

/**
 * The packages an entry's output loads through static imports (its own and its chunks'), which all
 * run before the entry's own code.
 */
function packagesLoadedBeforeMain(metafile, entryPoint) {
  const outputs = metafile.outputs;
  const start = Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint);
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const entry of outputs[file]?.imports ?? []) {
      if (entry.kind !== "import-statement") continue;
      if (entry.external) {
        if (!entry.path.startsWith("node:")) packages.add(entry.path);
      } else {
        visit(entry.path);
      }
    }
  };
  if (start) visit(start);
  return [...packages].sort();
}

/** Builds the server when dist/server is missing or older than its sources. */
export async function ensureServerBuild() {
  if (fs.existsSync(SERVER_ENTRY) && fs.statSync(SERVER_ENTRY).mtimeMs >= newestInput(SERVER_INPUTS)) return;
  process.stdout.write("Building the server...\n");
  await buildServer();
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
