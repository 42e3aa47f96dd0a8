import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { orders, products, receipts } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { signUp } from "../../test/harness";
import { saleBody } from "./testing";

/** A web shopper's details (the checkout's required fields). */
const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };

/**
 * The stall's races (decision 0077), run on one app server (both databases, *.test.ts) and on two app
 * servers on one PostgreSQL (race.postgres.test.ts): the requests are spread over `apps`, the seller's
 * session cookie sent to each (sessions live in the database).
 */
async function sellerWithPiece(apps: FastifyInstance[], stockQty: string) {
  const seller = await signUp(apps[0] as FastifyInstance);
  const store = await createStoreVia(seller.agent);
  const piece = await createProductVia(seller.agent, store.id, { title: "Unik vase", stockQty });
  return { cookie: `torg_session=${seller.agent.cookie}`, store, piece };
}

const stockOf = async (db: Db, productId: string) =>
  (await db.select({ qty: products.stockQty }).from(products).where(eq(products.id, productId)))[0]?.qty;

/**
 * A stall sale and 50 web orders for a piece of which one is left, all at once: exactly one of them has
 * it, every other is told it is sold out (409 naming it), and the stock ends at 0, never below.
 */
export async function stallAndWebForTheLastPiece(apps: FastifyInstance[], db: Db) {
  const { cookie, store, piece } = await sellerWithPiece(apps, "1");
  const app = (k: number) => apps[k % apps.length] as FastifyInstance;
  const web = Array.from({ length: 50 }, (_, k) =>
    app(k).inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: `10.4.0.${k + 1}`,
      headers: { "accept-language": "en" },
      payload: { ...shopper, storeId: store.id, items: [{ productId: piece.id, qty: 1 }] },
    }),
  );
  // In the middle of the web orders, as a sale at the table happens while the shop sells.
  const stall = app(1).inject({
    method: "POST",
    url: `/api/stores/${store.id}/sales`,
    headers: { cookie, "accept-language": "en" },
    payload: saleBody([{ productId: piece.id, qty: 1 }]),
  });
  const responses = await Promise.all([...web.slice(0, 25), stall, ...web.slice(25)]);
  const codes = responses.map((response) => response.statusCode);
  expect(codes.filter((code) => code === 201)).toHaveLength(1);
  expect(codes.filter((code) => code === 409)).toHaveLength(50);
  for (const response of responses.filter((r) => r.statusCode === 409))
    expect(response.json().message).toBe("Unik vase is sold out");
  expect(await stockOf(db, piece.id)).toBe(0);
  const [placed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.storeId, store.id));
  expect(placed?.n).toBe(1);
  // Which one won is the race's; a winning stall sale has its receipt, a losing one none.
  const stallWon = (await stall).statusCode === 201;
  const numbered = await db.select().from(receipts).where(eq(receipts.storeId, store.id));
  expect(numbered.map((receipt) => receipt.number)).toEqual(stallWon ? [1] : []);
  return { stallWon };
}

/**
 * `n` sales at once, over the servers, some of them sent twice (a retry from the offline queue) and a few
 * refused (more than is left): the receipts are 1..(sales made), each once, and every sale has one.
 */
export async function receiptsWithoutGaps(apps: FastifyInstance[], db: Db, n = 40) {
  const { cookie, store, piece } = await sellerWithPiece(apps, String(n));
  const bodies = Array.from({ length: n }, (_, k) =>
    // Every tenth asks for more than there will ever be: refused, it must take no number.
    saleBody([{ productId: piece.id, qty: k % 10 === 9 ? 1000 : 1 }], {
      clientSaleId: `race-${randomUUID()}`,
    }),
  );
  const send = (body: Record<string, unknown>, k: number) =>
    (apps[k % apps.length] as FastifyInstance).inject({
      method: "POST",
      url: `/api/stores/${store.id}/sales`,
      headers: { cookie },
      payload: body,
    });
  const responses = await Promise.all([
    ...bodies.map(send),
    // Every fifth sent again at once.
    ...bodies.filter((_, k) => k % 5 === 0).map((body, k) => send(body, k + 1)),
  ]);
  const made = new Set(
    responses.filter((r) => r.statusCode === 201 || r.statusCode === 200).map((r) => r.json().id as string),
  );
  expect(made.size).toBe(n - n / 10);
  expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
  const numbers = (await db.select().from(receipts).where(eq(receipts.storeId, store.id)))
    .map((receipt) => receipt.number)
    .sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: made.size }, (_, k) => k + 1));
  expect(await stockOf(db, piece.id)).toBe(n - made.size);
}
