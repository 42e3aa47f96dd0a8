import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { type LoadReport, runLoad } from "./shoppers";
import { benchDatabase, type RunningServer, seedStore, startServer, templateWebRoot } from "./torg";

export interface ScenarioOptions {
  /** Torg processes sharing one PostgreSQL (and one S3-compatible bucket when more than one). */
  processes: number;
  shoppers: number;
  sellers: number;
  durationMs: number;
  thinkMs: [number, number];
}

export interface ScenarioReport extends LoadReport {
  /** A photo uploaded through the first process, fetched through each other one. */
  uploadsServedEverywhere: boolean;
}

/** A local S3-compatible server, so several processes share uploads as they would in production. */
async function startObjectStorage() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "torg-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "torg-load", configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: "torg-load",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Seeds a store on PostgreSQL, starts the processes, runs the shoppers, and reconciles. */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const database = await benchDatabase("postgres");
  const storage = options.processes > 1 ? await startObjectStorage() : undefined;
  const templates = templateWebRoot();
  const servers: RunningServer[] = [];
  try {
    for (let n = 0; n < options.processes; n++) {
      servers.push(await startServer({ ...database.env, ...storage?.env, WEB_ROOT: templates.path }));
    }
    const [first] = servers;
    if (!first || !database.url) throw new Error("no server or database");
    const { cookie, store, products } = await seedStore(first.url, 8);
    const qr = (await (
      await fetch(`${first.url}/api/qr-codes`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: `${first.url}/s/${store.slug}`, storeId: store.id }),
      })
    ).json()) as { code: string };

    // Staff of the same store: every seller works on the orders shoppers are placing.
    const sellers = Array.from({ length: options.sellers }, () => ({
      email: `seller-${randomUUID().slice(0, 8)}@example.no`,
      password: "load-test-password",
    }));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const seller of sellers) {
      await fetch(`${first.url}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fullName: "Load Seller", ...seller }),
      });
      await client.query(
        `insert into store_members (user_id, store_id, role)
         select id, $2, 'staff' from users where email = $1`,
        [seller.email, store.id],
      );
    }
    await client.end();

    const image = (await (await fetch(`${first.url}/api/products/${products[0]?.id}`)).json()) as {
      primaryImage?: string | null;
    };
    let uploadsServedEverywhere = Boolean(image.primaryImage);
    for (const server of servers) {
      const response = await fetch(`${server.url}${image.primaryImage}`);
      uploadsServedEverywhere &&=
        response.ok && (response.headers.get("content-type") ?? "").startsWith("image/");
    }

    const report = await runLoad({
      servers: servers.map((server) => server.url),
      databaseUrl: database.url,
      shoppers: options.shoppers,
      sellers,
      durationMs: options.durationMs,
      thinkMs: options.thinkMs,
      store: { id: store.id, slug: store.slug, products, qrCode: qr.code },
    });
    return { ...report, uploadsServedEverywhere };
  } finally {
    for (const server of servers) await server.stop();
    await storage?.stop();
    templates.remove();
    await database.drop();
  }
}

export function describeReport(name: string, report: ScenarioReport) {
  return (
    `${name}: ${report.requests} requests = ${Math.round(report.requestsPerSecond)} req/s, ` +
    `${report.orders} orders = ${report.ordersPerSecond.toFixed(1)} orders/s (${report.retried} retried with the same key)\n` +
    `  latency p50 ${report.p50.toFixed(0)} ms, p99 ${report.p99.toFixed(0)} ms (orders p99 ${report.orderP99.toFixed(0)} ms); 5xx ${report.serverErrors}\n` +
    `  database: lost ${report.lost}, duplicated ${report.duplicated}, wrong items/total ${report.wrong}\n` +
    `  SMS: ${report.smsQueued} queued, ${report.smsDeliveredOnce} delivered exactly once, ${report.smsDeliveredTwice} twice; ` +
    `QR scans ${report.scansSent} sent, ${report.scansCounted} counted; ` +
    `sessions across servers ${report.crossServerSessionOk ? "ok" : "FAILED"}; uploads served by every server ${report.uploadsServedEverywhere ? "ok" : "FAILED"}\n` +
    (report.otherFailures.length ? `  unexpected answers:\n    ${report.otherFailures.join("\n    ")}\n` : "")
  );
}
