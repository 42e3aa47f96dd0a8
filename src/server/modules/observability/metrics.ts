import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client";
import type { MicroCache } from "../../lib/micro-cache";

/**
 * What Torg tells Prometheus. One registry per app (tests build many apps in one process). Figures that
 * live in the database (outbox depth, payments) are read when scraped, so every app server reports the
 * same numbers and nothing is counted twice in memory; request timings and cache results are this
 * process's own, as Prometheus expects per instance.
 */
export function createMetrics(db: Db, publicCache: MicroCache) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "torg_" });

  const requestDuration = new Histogram({
    name: "torg_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: "torg_orders_placed_total",
    help: "Orders placed through this app server",
    registers: [registry],
  });
  new Counter({
    name: "torg_public_cache_requests_total",
    help: "Public reads and shop pages asked of the in-memory cache, by result",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of Object.entries(publicCache.stats)) this.inc({ result }, count);
    },
  });
  new Gauge({
    name: "torg_sms_outbox_messages",
    help: "SMS in the outbox, by status (pending is the queue's depth; failed gave up after every retry)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await db.execute<{ status: string; count: number }>(
        sql`select status, count(*)::int as count from sms_outbox group by status`,
      );
      this.reset();
      for (const status of ["pending", "sent", "failed"]) this.set({ status }, 0);
      for (const row of rows.rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: "torg_sms_failed_attempts",
    help: "SMS attempts that failed (each is retried until the outbox gives up)",
    registers: [registry],
    async collect() {
      const rows = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from sms_log where status = 'failed'`,
      );
      this.set(Number(rows.rows[0]?.count ?? 0));
    },
  });
  new Gauge({
    name: "torg_payments",
    help: "Payments by provider and status",
    labelNames: ["provider", "status"] as const,
    registers: [registry],
    async collect() {
      const rows = await db.execute<{ provider: string; status: string; count: number }>(
        sql`select provider, status, count(*)::int as count from payments group by provider, status`,
      );
      this.reset();
      for (const row of rows.rows)
        this.set({ provider: row.provider, status: row.status }, Number(row.count));
    },
  });

  return {
    registry,
    /** Called once per answered request (onResponse). */
    observe(request: FastifyRequest, reply: FastifyReply) {
      // The route's pattern (/api/orders/:id), never the raw URL: one series per route, not per id.
      const route = request.routeOptions.url ?? "unmatched";
      const status = String(reply.statusCode);
      requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
      if (request.method === "POST" && route === "/api/orders" && reply.statusCode === 201)
        ordersPlaced.inc();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A bearer token compared in constant time, so its characters cannot be guessed one by one. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
