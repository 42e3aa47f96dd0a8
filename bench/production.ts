// bench/production: how fast the production server starts and how much memory it holds, as production
// runs it (the built dist/server/main.js on plain node), beside the same server compiled by tsx at start
// (how `npm start` ran it before). Each start opens a new embedded database and migrates it; memory is
// the resident size at start and after 500 requests to the login page and the health check.
import fs from "node:fs";
import { median, report, round } from "./lib";
import { benchDatabase, startServer } from "./support/torg";

const STARTS = Number(process.env.BENCH_PRODUCTION_STARTS ?? 3);
const BUILT = "dist/server/main.js";

function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function measure(entry: string) {
  const startMs: number[] = [];
  const rssStart: number[] = [];
  const rssUsed: number[] = [];
  for (let n = 0; n < STARTS; n++) {
    const database = await benchDatabase("pglite");
    const started = performance.now();
    const server = await startServer({ ...database.env, PUBLIC_URL: "http://127.0.0.1" }, entry);
    startMs.push(performance.now() - started);
    rssStart.push(rssMb(server.process.pid));
    for (let i = 0; i < 250; i++) {
      await fetch(`${server.url}/login`).then((r) => r.arrayBuffer());
      await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
    }
    rssUsed.push(rssMb(server.process.pid));
    await server.stop();
    await database.drop();
  }
  return { startMs: median(startMs), rssStart: median(rssStart), rssUsed: median(rssUsed) };
}

async function main() {
  if (!fs.existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build first`);
  const built = await measure(BUILT);
  const compiledAtStart = await measure("src/server/main.ts");
  for (const [label, figures] of [
    ["built (node dist/server/main.js)", built],
    ["compiled at start (tsx src/server/main.ts)", compiledAtStart],
  ] as const) {
    report({ figure: `start to first answer, ${label}`, value: round(figures.startMs, 0), unit: "ms" });
    report({ figure: `memory at start, ${label}`, value: figures.rssStart, unit: "MB" });
    report({ figure: `memory after 500 requests, ${label}`, value: figures.rssUsed, unit: "MB" });
  }
  report({
    figure: "start time, built / compiled at start",
    value: round(built.startMs / compiledAtStart.startMs, 2),
    unit: "ratio",
    ratio: round(built.startMs / compiledAtStart.startMs, 2),
  });
}

await main();
