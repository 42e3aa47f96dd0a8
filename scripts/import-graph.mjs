#!/usr/bin/env node
/**
 * Measures the client's import graph so the figures in decision 0027 can be reproduced:
 *   node scripts/import-graph.mjs            import cycles, upward imports, largest files
 *   node scripts/import-graph.mjs --json     the same as JSON
 *
 * It reads every .ts/.tsx file under src/web and src/shared with the TypeScript parser (static imports,
 * re-exports and dynamic import()), resolves the relative ones and then
 *  - finds the import cycles (strongly connected components with more than one file, or a self-import),
 *  - lists the imports that run upward, by the layers of decision 0027, or reach into a feature past its
 *    public entry (index.ts) (the same rules biome.json enforces; this script is the measuring tape,
 *    the linter is the guard),
 *  - lists the largest files by lines.
 * Type-only imports count: a cycle through types is still a knot a reader has to untie.
 *
 * And the server's modules (src/server/modules/<name>, decision 0075):
 *  - deep imports: production code outside a module importing any of its files but its front door,
 *    modules/<name>/index.ts (tests may reach in: they test the internals),
 *  - module cycles: modules that import each other, directly or round a longer loop.
 *   node scripts/import-graph.mjs --check   exits 1 when the server has any of them (`npm run lint`)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const roots = ["src/web", "src/shared"];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const files = roots.flatMap((r) => walk(join(root, r)));
const known = new Set(files);

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => known.has(c));
}

function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean);
}

const rel = (f) => relative(root, f);
const graph = new Map(files.map((f) => [f, [...new Set(importsOf(f))]]));

// Tarjan's strongly connected components.
function cycles() {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  function connect(v) {
    meta.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        connect(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) {
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
      }
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  }
  for (const f of files) if (!meta.has(f)) connect(f);
  return found;
}

/**
 * The layers of decision 0027, lowest first. A file may import its own layer or a lower one; the one
 * exception is a feature importing another feature's folder, which is also refused (features are
 * independent; what two share moves down into components or lib).
 */
function layerOf(path) {
  const p = rel(path);
  if (p.startsWith("src/shared/")) return { rank: 0, name: "shared" };
  if (/^src\/web\/(lib|hooks|locales)\//.test(p)) return { rank: 1, name: "lib" };
  if (p.startsWith("src/web/components/ui/")) return { rank: 1, name: "components/ui" };
  if (p.startsWith("src/web/components/")) return { rank: 2, name: "components" };
  const feature = p.match(/^src\/web\/features\/([^/]+)\//);
  if (feature) return { rank: 3, name: `features/${feature[1]}`, feature: feature[1] };
  if (p.startsWith("src/web/pages/")) return { rank: 4, name: "pages" };
  // Entries: src/web/main.tsx, routes.tsx, the server-rendered page entries (account/, shop/ before 0027).
  return { rank: 5, name: `entry ${p.replace("src/web/", "")}` };
}

function upward() {
  const out = [];
  for (const [from, tos] of graph) {
    const a = layerOf(from);
    for (const to of tos) {
      const b = layerOf(to);
      const crossFeature = a.feature && b.feature && a.feature !== b.feature;
      // From outside, a feature is reached only through its public entry, features/<x>/index.ts.
      const pastEntry = b.feature && a.feature !== b.feature && !/\/index\.tsx?$/.test(to);
      if (b.rank > a.rank || crossFeature || pastEntry)
        out.push({ from: rel(from), to: rel(to), layers: `${a.name} -> ${b.name}` });
    }
  }
  return out;
}

function largest(n = 10) {
  return files
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: rel(f), lines: readFileSync(f, "utf8").split("\n").length - 1 }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, n);
}

const serverFiles = walk(join(root, "src/server")).filter((f) => !/\.test\.tsx?$/.test(f));
const serverKnown = new Set(serverFiles);
const moduleOf = (file) => rel(file).match(/^src\/server\/modules\/([^/]+)\//)?.[1];

function serverImportsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const out = [];
  for (const imported of info.importedFiles) {
    if (!imported.fileName.startsWith(".")) continue;
    const base = resolve(dirname(file), imported.fileName.replace(/\.js$/, ""));
    const target = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) => serverKnown.has(c));
    if (target) out.push(target);
  }
  return out;
}

function serverModules() {
  const deep = [];
  const edges = new Map();
  for (const from of serverFiles) {
    const fromModule = moduleOf(from);
    for (const to of serverImportsOf(from)) {
      const toModule = moduleOf(to);
      if (!toModule || toModule === fromModule) continue;
      if (!rel(to).endsWith(`modules/${toModule}/index.ts`)) deep.push({ from: rel(from), to: rel(to) });
      if (fromModule) {
        if (!edges.has(fromModule)) edges.set(fromModule, new Set());
        edges.get(fromModule).add(toModule);
      }
    }
  }
  // Module cycles: a strongly connected set of modules, found by walking from each module.
  const reach = (start) => {
    const seen = new Set();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length) {
      const next = stack.pop();
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return seen;
  };
  const reachable = new Map([...edges.keys()].map((m) => [m, reach(m)]));
  const groups = new Map();
  for (const [m, seen] of reachable) {
    if (!seen.has(m)) continue;
    const group = [...seen].filter((o) => reachable.get(o)?.has(m)).sort();
    groups.set(group.join(" <-> "), group);
  }
  return { deep, cycles: [...groups.values()] };
}

const report = {
  files: files.length,
  cycles: cycles(),
  upward: upward(),
  largest: largest(),
  server: serverModules(),
};
if (process.argv.includes("--check")) {
  const { deep, cycles: moduleCycles } = report.server;
  for (const d of deep)
    console.error(`Deep import into another module (use its index.ts): ${d.from} -> ${d.to}`);
  for (const c of moduleCycles) console.error(`Modules import each other: ${c.join(" <-> ")}`);
  if (deep.length || moduleCycles.length) process.exit(1);
} else if (process.argv.includes("--json")) {
  console.info(JSON.stringify(report, null, 2));
} else {
  console.info(`${report.files} files under ${roots.join(", ")}`);
  console.info(`\nImport cycles: ${report.cycles.length}`);
  for (const c of report.cycles) console.info(`  ${c.join(" <-> ")}`);
  console.info(`\nUpward imports (or past a feature's index.ts): ${report.upward.length}`);
  for (const u of report.upward) console.info(`  ${u.from} -> ${u.to}   (${u.layers})`);
  console.info(`\nServer: imports past another module's index.ts: ${report.server.deep.length}`);
  for (const d of report.server.deep) console.info(`  ${d.from} -> ${d.to}`);
  console.info(`\nServer: module cycles: ${report.server.cycles.length}`);
  for (const c of report.server.cycles) console.info(`  ${c.join(" <-> ")}`);
  console.info("\nLargest files (lines, tests excluded):");
  for (const l of report.largest) console.info(`  ${String(l.lines).padStart(5)}  ${l.file}`);
}
