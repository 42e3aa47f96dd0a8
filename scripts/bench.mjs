// `npm run bench [name...]`: runs every benchmark in bench/ (or the named ones), prints one table of
// figure, value, target and ratio, and appends the run to bench/RESULTS.md with the machine's core count.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDependencies, ensureSupportedNode, root } from "./lib/prepare.mjs";

ensureSupportedNode();
ensureDependencies();

const benchDir = path.join(root, "bench");
const wanted = process.argv.slice(2);
const scripts = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith(".ts") && name !== "lib.ts" && !name.endsWith(".test.ts"))
  .filter((name) => wanted.length === 0 || wanted.includes(name.replace(/\.ts$/, "")))
  .sort();

const rows = [];
let failed = false;
for (const script of scripts) {
  const name = script.replace(/\.ts$/, "");
  process.stdout.write(`\n── bench/${name} ──\n`);
  const run = spawnSync("npx", ["tsx", path.join("bench", script)], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (const line of run.stdout.split("\n")) {
    if (line.startsWith("BENCH ")) rows.push({ bench: name, ...JSON.parse(line.slice(6)) });
    else if (line.trim()) process.stdout.write(`${line}\n`);
  }
  if (run.status !== 0) {
    failed = true;
    rows.push({ bench: name, figure: "run failed", value: run.status ?? -1, unit: "exit code" });
  }
}

const table = [
  "| bench | figure | value | target | ratio |",
  "|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.bench} | ${r.figure} | ${r.value} ${r.unit} | ${r.target ?? ""} | ${r.ratio ?? ""}${r.ok === false ? " ✗" : r.ok ? " ✓" : ""} |`,
  ),
].join("\n");
process.stdout.write(`\n${table}\n`);

const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
const header = `\n## ${stamp} UTC · ${os.cpus().length} cores · ${Math.round(os.totalmem() / 2 ** 30)} GB · Node ${process.version}\n\n`;
const results = path.join(benchDir, "RESULTS.md");
if (!fs.existsSync(results))
  fs.writeFileSync(results, "# Benchmark results\n\nAppended by `npm run bench`; newest last.\n");
fs.appendFileSync(results, `${header}${table}\n`);
process.exit(failed ? 1 : 0);
