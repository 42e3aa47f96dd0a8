import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { formatGiftCardCode } from "../../../shared/gift-card";
import type { Db } from "../../db/client";
import {
  discountCodes,
  discountRedemptions,
  giftCardRedemptions,
  giftCards,
  orders,
  products,
} from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { signUp } from "../../test/harness";
import { newGiftCardCode } from "../gift-cards";
import { shopper } from "./price-rules.fixtures";

/**
 * The price rules' races (decision 0076), run on one app server (both databases) and on two servers on
 * one PostgreSQL (price-rules-race.postgres.test.ts): the checkouts are spread over `apps`.
 */
async function storeWithVase(apps: FastifyInstance[]) {
  const seller = await signUp(apps[0] as FastifyInstance);
  const store = await createStoreVia(seller.agent);
  const vase = await createProductVia(seller.agent, store.id, {
    title: "Vase",
    basePrice: "349",
    stockQty: "100",
  });
  return { store, vase };
}

function checkoutsAtOnce(apps: FastifyInstance[], n: number, body: (k: number) => Record<string, unknown>) {
  return Promise.all(
    Array.from({ length: n }, (_, k) =>
      (apps[k % apps.length] as FastifyInstance).inject({
        method: "POST",
        url: "/api/orders",
        remoteAddress: `10.3.0.${k + 1}`,
        headers: { "accept-language": "en" },
        payload: { ...shopper, ...body(k) },
      }),
    ),
  );
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort((a, b) => a - b);

/** 50 checkouts at once for a code with one use left: one order, 49 told it is used up, nothing else. */
export async function lastUseOfACode(apps: FastifyInstance[], db: Db) {
  const { store, vase } = await storeWithVase(apps);
  const [code] = await db
    .insert(discountCodes)
    .values({ storeId: store.id, code: "SISTE", kind: "percent", value: "10", maxUses: 3, uses: 2 })
    .returning();
  const responses = await checkoutsAtOnce(apps, 50, (k) => ({
    storeId: store.id,
    buyerEmail: `kunde${k}@example.no`,
    items: [{ productId: vase.id, qty: 1 }],
    discountCode: "siste",
  }));
  expect(statuses(responses)).toEqual([201, ...Array(49).fill(409)]);
  for (const response of responses.filter((r) => r.statusCode === 409))
    expect(response.json().message).toBe("This code has been used up");
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, store.id));
  const [redeemed] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountCodeId, code?.id ?? ""));
  const [after] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.id, code?.id ?? ""));
  const [stock] = await db.select({ qty: products.stockQty }).from(products).where(eq(products.id, vase.id));
  expect({ orders: placed?.n, redemptions: redeemed?.n, uses: after?.uses, stock: stock?.qty }).toEqual({
    orders: 1,
    redemptions: 1,
    uses: 3,
    stock: 99,
  });
}

/** Many checkouts spending one card at once: together they never take more than its balance. */
export async function oneCardAtOnce(apps: FastifyInstance[], db: Db) {
  const { store, vase } = await storeWithVase(apps);
  const code = newGiftCardCode();
  const [card] = await db
    .insert(giftCards)
    .values({
      storeId: store.id,
      code,
      initialAmount: "1000",
      balance: "1000",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!card) throw new Error("no card");
  const responses = await checkoutsAtOnce(apps, 20, () => ({
    storeId: store.id,
    items: [{ productId: vase.id, qty: 1 }],
    giftCardCode: formatGiftCardCode(code),
  }));
  const placed = responses
    .filter((response) => response.statusCode === 201)
    .map((response) => response.json());
  // 349 + 349 + 302 (what was left) = 1,000; the others are told the card is used up.
  expect(placed.map((order) => order.giftCardTotal).sort()).toEqual(["302.00", "349.00", "349.00"]);
  expect(statuses(responses)).toEqual([201, 201, 201, ...Array(17).fill(409)]);
  for (const response of responses.filter((r) => r.statusCode === 409))
    expect(response.json().message).toBe("This gift card has been used up");
  const [after] = await db.select().from(giftCards).where(eq(giftCards.id, card.id));
  const [taken] = await db
    .select({ sum: sql<string>`sum(${giftCardRedemptions.amount})::text`, n: count() })
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.giftCardId, card.id));
  expect({ balance: after?.balance, taken: taken?.sum, redemptions: taken?.n }).toEqual({
    balance: "0.00",
    taken: "1000.00",
    redemptions: 3,
  });
}

/** One shopper's checkouts at once with a one-per-shopper code: one gets it, the others a 409, never a 500. */
export async function oneShopperAtOnce(apps: FastifyInstance[], db: Db) {
  const { store, vase } = await storeWithVase(apps);
  await db
    .insert(discountCodes)
    .values({ storeId: store.id, code: "EN-GANG", kind: "amount", value: "50", onePerShopper: true });
  const responses = await checkoutsAtOnce(apps, 10, (k) => ({
    storeId: store.id,
    buyerEmail: k % 2 ? "Kari@example.no" : "kari@example.no",
    items: [{ productId: vase.id, qty: 1 }],
    discountCode: "en-gang",
  }));
  expect(statuses(responses)).toEqual([201, ...Array(9).fill(409)]);
  for (const response of responses.filter((r) => r.statusCode === 409))
    expect(response.json().message).toBe("This code has already been used with this e-mail");
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, store.id));
  expect(placed?.n).toBe(1);
}
