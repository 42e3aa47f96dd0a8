// bench/storefront: the three reads a shopper's phone makes, rendered or loaded afresh for every request
// (PUBLIC_CACHE_TTL_MS=0) on PostgreSQL at 50 connections: the storefront page with its 20 products, a
// product page, and the store's products as JSON. Each beside a bare Fastify that runs the same SQL on
// the same database and sends the same bytes (bench/support/bare-server.ts), in alternating rounds, as
// a ratio. Targets (issue 19, decision 0042): ≥ 1,000 storefront pages/s, ≥ 1,500 product pages/s,
// ≥ 5,000 products API answers/s, p99 < 100 ms, the storefront's HTML ≤ 40 KB.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fillPlaceholders } from "drizzle-orm";
import { openPostgres } from "../src/server/db/client";
import { publicProductReads } from "../src/server/modules/products/queries";
import { publicStoreRead } from "../src/server/modules/storefront/service";
import { STOREFRONT_PAGE_SIZE } from "../src/shared/catalogue-paging";
import { report, round } from "./lib";
import type { BareRoute } from "./support/bare-server";
import { type LoadResult, load } from "./support/load";
import { benchDatabase, seedStore, startServer, templateWebRoot } from "./support/torg";

// Seconds of load per read and server, in 3 rounds of 6 s. Short rounds gave the storefront a p99 well
// above longer ones on the same build: a round's first moments (50 connections opening at once) weigh
// more in a short round than in a shopper's day.
const DURATION = Number(process.env.BENCH_DURATION ?? 54);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 3;
const WARM_UP_SECONDS = 2;
const P99_TARGET_MS = 100;
const HTML_TARGET_BYTES = 40 * 1024;

interface Read {
  key: string;
  name: string;
  url: string;
  /** A phone asks for pages as HTML in Brotli; the API is asked as the earlier bench asked it. */
  headers: Record<string, string>;
  target: number;
  statements: BareRoute["statements"];
}

const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "br" };

/** An answer's bytes as they came over the wire (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

async function main() {
  const database = await benchDatabase("postgres");
  const templates = templateWebRoot();
  process.stdout.write(
    templates.built
      ? "page templates: the build's (dist/web), as production sends them\n"
      : "page templates: the source ones, NOT the head production sends (run npm run build first)\n",
  );
  const torg = await startServer({ ...database.env, WEB_ROOT: templates.path, PUBLIC_CACHE_TTL_MS: "0" });
  const sqlOf = await openPostgres(database.url ?? "", 1);
  const routesFile = path.join(os.tmpdir(), `torg-bare-${process.pid}.json`);
  try {
    const { store, products } = await seedStore(torg.url, 20);
    const product = products[0];
    if (!product) throw new Error("no product seeded");
    // The statements Torg runs for each read, as its services build and name them.
    const statement = (
      read: { name: string; query: { toSQL(): { sql: string; params: unknown[] } } },
      values: Record<string, unknown>,
    ) => {
      const { sql, params } = read.query.toSQL();
      return { name: read.name, sql, params: fillPlaceholders(params, values) };
    };
    const productReads = publicProductReads(sqlOf.db);
    const storeSql = statement(publicStoreRead(sqlOf.db), { slug: store.slug });
    // The storefront's first page with the size of the list (decisions 0040, 0047), as Torg asks for it.
    const firstPage = { storeId: store.id, limit: STOREFRONT_PAGE_SIZE, offset: 0 };
    const storePageSql = statement(productReads.storePage, firstPage);
    const productSql = statement(productReads.product, { productId: product.id });
    const reads: Read[] = [
      {
        key: "storefront page (20 products)",
        name: `GET /s/{slug} (server-rendered, ${products.length} products)`,
        url: `/s/${store.slug}`,
        headers: PAGE_HEADERS,
        target: 1000,
        statements: [storeSql, storePageSql],
      },
      {
        key: "product page",
        name: "GET /products/{id} (server-rendered)",
        url: `/products/${product.id}`,
        headers: PAGE_HEADERS,
        target: 1500,
        statements: [productSql],
      },
      {
        key: "store products API (20)",
        name: `GET /api/stores/{id}/products (${products.length} products, JSON)`,
        url: `/api/stores/${store.id}/products`,
        headers: {},
        target: 5000,
        statements: [storePageSql],
      },
    ];

    const routes: Record<string, BareRoute> = {};
    const sizes = new Map<string, { wire: number; plain: number }>();
    for (const read of reads) {
      const answer = await rawGet(`${torg.url}${read.url}`, read.headers);
      if (answer.status !== 200) throw new Error(`${read.url}: ${answer.status}`);
      const body = answer.body;
      const plain = (await rawGet(`${torg.url}${read.url}`, { "accept-encoding": "identity" })).body;
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "content-encoding", "vary", "cache-control"]) {
        const value = answer.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      routes[read.url] = { statements: read.statements, body: body.toString("base64"), headers };
      sizes.set(read.key, { wire: body.length, plain: plain.length });
    }
    fs.writeFileSync(routesFile, JSON.stringify(routes));
    const bare = await startServer(
      { BARE_ROUTES: routesFile, DATABASE_URL: database.url ?? "" },
      "bench/support/bare-server.ts",
      "/health",
    );
    try {
      for (const read of reads) {
        // Alternating short rounds: this VM's throughput drifts over a minute, so each Torg round is
        // compared with the bare round right after it, and the median round is reported.
        const rounds: { torgRun: LoadResult; bareRun: LoadResult; ratio: number }[] = [];
        const options = {
          duration: DURATION / ROUNDS / reads.length,
          connections: CONNECTIONS,
          headers: read.headers,
        };
        // Unmeasured first: a server's first seconds on a path (the JIT compiling its code, PostgreSQL
        // planning its statements) are no shopper's steady state, and a 2-second round began with them.
        for (const server of [torg, bare])
          await load({ url: `${server.url}${read.url}`, ...options, duration: WARM_UP_SECONDS });
        for (let n = 0; n < ROUNDS; n++) {
          const torgRun = await load({ url: `${torg.url}${read.url}`, ...options });
          const bareRun = await load({ url: `${bare.url}${read.url}`, ...options });
          rounds.push({ torgRun, bareRun, ratio: torgRun.requestsPerSecond / bareRun.requestsPerSecond });
        }
        rounds.sort((a, b) => a.ratio - b.ratio);
        const middle = rounds[Math.floor(ROUNDS / 2)];
        if (!middle) throw new Error("no rounds ran");
        const { torgRun, bareRun, ratio } = middle;
        const size = sizes.get(read.key) ?? { wire: 0, plain: 0 };
        const perSecond = round(torgRun.requestsPerSecond, 0);
        const clean = torgRun.non2xx === 0 && torgRun.errors === 0;
        process.stdout.write(
          `${read.name}, PUBLIC_CACHE_TTL_MS=0, ${CONNECTIONS} connections\n` +
            `  Torg on PostgreSQL: ${perSecond}/s, p50 ${torgRun.p50} ms, p99 ${torgRun.p99} ms, ` +
            `non-2xx ${torgRun.non2xx}, errors ${torgRun.errors}; ${size.plain} bytes (${size.wire} sent)\n` +
            `  bare Fastify, same SQL, same bytes: ${round(bareRun.requestsPerSecond, 0)}/s, p50 ${bareRun.p50} ms, p99 ${bareRun.p99} ms\n` +
            `  Torg ÷ bare ${round(ratio, 2)} (median of ${ROUNDS} alternating rounds: ${rounds.map((r) => round(r.ratio, 2)).join(", ")})\n`,
        );
        report({
          figure: `${read.key}: Torg /s`,
          value: perSecond,
          unit: "/s",
          target: `≥ ${read.target}`,
          ratio: round(torgRun.requestsPerSecond / read.target, 2),
          ok: torgRun.requestsPerSecond >= read.target && clean,
        });
        report({
          figure: `${read.key}: Torg p99`,
          value: torgRun.p99,
          unit: "ms",
          target: `< ${P99_TARGET_MS}`,
          ratio: round(torgRun.p99 / P99_TARGET_MS, 2),
          ok: torgRun.p99 < P99_TARGET_MS,
        });
        report({ figure: `${read.key}: Torg p50`, value: torgRun.p50, unit: "ms" });
        report({
          figure: `${read.key}: bare (same SQL, same bytes) /s`,
          value: round(bareRun.requestsPerSecond, 0),
          unit: "/s",
        });
        report({ figure: `${read.key}: Torg ÷ bare`, value: round(ratio, 2), unit: "×" });
        report({ figure: `${read.key}: bytes sent`, value: size.wire, unit: "B" });
        report(
          read.key.startsWith("storefront")
            ? {
                figure: `${read.key}: HTML`,
                value: size.plain,
                unit: "B",
                target: `≤ ${HTML_TARGET_BYTES}`,
                ratio: round(size.plain / HTML_TARGET_BYTES, 2),
                ok: size.plain <= HTML_TARGET_BYTES,
              }
            : {
                figure: `${read.key}: ${read.headers.accept ? "HTML" : "JSON"}`,
                value: size.plain,
                unit: "B",
              },
        );
      }
    } finally {
      await bare.stop();
    }
  } finally {
    fs.rmSync(routesFile, { force: true });
    await sqlOf.close();
    await torg.stop();
    templates.remove();
    await database.drop();
  }
}

await main();
