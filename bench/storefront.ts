// bench/storefront: requests per second for the two reads a storefront makes (the store by slug and its
// 20 products) at 50 connections on PostgreSQL, next to a bare Fastify serving the same JSON from
// memory in the same run, in alternating rounds. Target: ratio ≥ 0.5 for both. Then, for the record,
// the page a phone opens: the server-rendered storefront with its 20 products, as the public cache
// keeps it and rendered afresh for every request (PUBLIC_CACHE_TTL_MS=0).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { report, round } from "./lib";
import { type LoadResult, load } from "./support/load";
import { benchDatabase, seedStore, startServer, templateWebRoot } from "./support/torg";

const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const ROUNDS = 3;

/** GET /s/{slug} as a phone asks for it (HTML, Brotli). */
async function renderedPage(server: string, how: string, slug: string) {
  const run = await load({
    url: `${server}/s/${slug}`,
    duration: DURATION / ROUNDS,
    headers: { accept: "text/html", "accept-encoding": "br" },
  });
  process.stdout.write(
    `GET /s/{slug} (server-rendered, 20 products, ${how}): ${round(run.requestsPerSecond, 0)} req/s, ` +
      `p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}\n`,
  );
  report({ figure: `storefront page, ${how}: req/s`, value: round(run.requestsPerSecond, 0), unit: "req/s" });
  report({ figure: `storefront page, ${how}: p99`, value: run.p99, unit: "ms" });
}

async function main() {
  const database = await benchDatabase("postgres");
  const templates = templateWebRoot();
  const torg = await startServer({ ...database.env, WEB_ROOT: templates.path });
  try {
    const { store } = await seedStore(torg.url, 20);
    const paths = { store: `/api/stores/slug/${store.slug}`, products: `/api/stores/${store.id}/products` };
    const bodies: Record<string, string> = {};
    for (const url of Object.values(paths)) bodies[url] = await (await fetch(`${torg.url}${url}`)).text();
    const productCount = (JSON.parse(bodies[paths.products] ?? "[]") as unknown[]).length;

    const bodiesFile = path.join(os.tmpdir(), `torg-bare-${process.pid}.json`);
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startServer({ BARE_BODIES: bodiesFile }, "bench/support/bare-server.ts", "/health");
    try {
      for (const [name, url] of Object.entries(paths)) {
        // Alternating short rounds: this VM's throughput drifts by 2× over a minute, so each Torg round
        // is compared with the bare round right after it, and the median round is reported.
        const rounds: { torgRun: LoadResult; bareRun: LoadResult; ratio: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const torgRun = await load({ url: `${torg.url}${url}`, duration: DURATION / ROUNDS });
          const bareRun = await load({ url: `${bare.url}${url}`, duration: DURATION / ROUNDS });
          rounds.push({ torgRun, bareRun, ratio: torgRun.requestsPerSecond / bareRun.requestsPerSecond });
        }
        rounds.sort((a, b) => a.ratio - b.ratio);
        const middle = rounds[Math.floor(ROUNDS / 2)];
        if (!middle) throw new Error("no rounds ran");
        const { torgRun, bareRun, ratio } = middle;
        process.stdout.write(
          `${name === "store" ? "GET /api/stores/slug/{slug}" : `GET /api/stores/{id}/products (${productCount} products)`}\n` +
            `  Torg on PostgreSQL: ${round(torgRun.requestsPerSecond, 0)} req/s, p50 ${torgRun.p50} ms, p99 ${torgRun.p99} ms, non-2xx ${torgRun.non2xx}, errors ${torgRun.errors}\n` +
            `  bare Fastify, same JSON from memory: ${round(bareRun.requestsPerSecond, 0)} req/s\n` +
            `  ratio ${round(ratio, 2)} (target ≥ 0.5; median of ${ROUNDS} alternating rounds: ${rounds.map((r) => round(r.ratio, 2)).join(", ")})\n`,
        );
        report({
          figure: `${name === "store" ? "store by slug" : "store products (20)"}: Torg req/s`,
          value: round(torgRun.requestsPerSecond, 0),
          unit: "req/s",
        });
        report({
          figure: `${name === "store" ? "store by slug" : "store products (20)"}: bare Fastify req/s`,
          value: round(bareRun.requestsPerSecond, 0),
          unit: "req/s",
        });
        report({
          figure: `${name === "store" ? "store by slug" : "store products (20)"}: Torg ÷ bare`,
          value: round(ratio, 2),
          unit: "×",
          target: "≥ 0.5",
          ratio: round(ratio / 0.5, 2),
          ok: ratio >= 0.5 && torgRun.non2xx === 0 && torgRun.errors === 0,
        });
      }
    } finally {
      await bare.stop();
      fs.rmSync(bodiesFile, { force: true });
    }
    await renderedPage(torg.url, "cached", store.slug);
    const uncached = await startServer({
      ...database.env,
      WEB_ROOT: templates.path,
      PUBLIC_CACHE_TTL_MS: "0",
    });
    try {
      await renderedPage(uncached.url, "rendered per request", store.slug);
    } finally {
      await uncached.stop();
    }
  } finally {
    await torg.stop();
    templates.remove();
    await database.drop();
  }
}

await main();
