import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTwoTestServers, signUp } from "../../test/harness";

/**
 * Two Torg processes on one PostgreSQL, as behind a load balancer: each has its own connection pool, so
 * only the database can keep them from selling the same last piece twice (decision 0032). This file runs
 * in the suite's PostgreSQL pass only.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function twoServers() {
  const servers = await createTwoTestServers();
  cleanups.push(servers.close);
  return { apps: servers.apps, db: servers.database.db };
}

describe("stock across two app servers on one PostgreSQL", () => {
  it("50 orders for the last piece, spread over both servers: one order, 49 × 409, stock 0", async () => {
    const { apps, db } = await twoServers();
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const seller = await signUp(first);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Unik vase", stockQty: "1" });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        (n % 2 === 0 ? first : second).inject({
          method: "POST",
          url: "/api/orders",
          remoteAddress: `10.2.0.${n + 1}`,
          payload: {
            storeId: store.id,
            buyerEmail: "kunde@example.no",
            shipToName: "Nora Kunde",
            shipToPhone: "+47 912 34 567",
            items: [{ productId: product.id, qty: 1 }],
          },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(responses.find((response) => response.statusCode === 409)?.json().message).toBe(
      "Unik vase is sold out",
    );
    const [row] = await db
      .select({ stockQty: products.stockQty })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stockQty).toBe(0);
    const [placed] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.storeId, store.id));
    expect(placed?.n).toBe(1);
  });
});
