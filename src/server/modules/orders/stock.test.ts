import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "../../db/schema";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };
let shoppers = 0;
/** Each order from another network address, so the per-address order limit stays out of the way. */
const shopperAddress = () => `10.1.${Math.floor(++shoppers / 250)}.${(shoppers % 250) + 1}`;

function order(
  storeId: string,
  items: { productId: string; variantId?: string; qty: number }[],
  language = "en",
) {
  return new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: shopperAddress(),
    headers: { "accept-language": language },
    payload: { storeId, ...shopper, items },
  });
}

async function sellerWith(fields: Record<string, string>) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const product = await createProductVia(seller.agent, store.id, { title: "Blå vase", ...fields });
  return { ...seller, store, product };
}

async function stockOf(productId: string) {
  const [row] = await t.database.db
    .select({ stockQty: products.stockQty })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stockQty;
}

async function orderCount(storeId: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.storeId, storeId));
  return row?.n;
}

describe("stock taken by the checkout statement (decision 0032)", () => {
  it("a product from a photo starts at 1 unless the seller gives a number or leaves it empty", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const photo = [{ field: "image", filename: "vase.jpg", body: await sampleJpeg(), type: "image/jpeg" }];
    const add = async (fields: Record<string, string>) =>
      seller.agent.request({
        method: "POST",
        url: `/api/stores/${store.id}/products`,
        ...multipart({ title: "Unika", basePrice: "100", ...fields }, photo),
      });
    expect((await add({})).json()).toMatchObject({ stockQty: 1, available: true });
    expect((await add({ stockQty: "" })).json()).toMatchObject({ stockQty: null, available: true });
    expect((await add({ stockQty: "0" })).json()).toMatchObject({ stockQty: 0, available: false });
    for (const bad of ["-1", "1.5", "mange"]) {
      const refused = await add({ stockQty: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toBe("Stock must be a whole number, 0 or more, or empty for unlimited");
    }
  });

  it("50 concurrent orders for the last one: exactly one order, 49 × 409 naming it, stock 0", async () => {
    const { store, product } = await sellerWith({ stockQty: "1" });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => order(store.id, [{ productId: product.id, qty: 1 }])),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      message: "Blå vase is sold out",
      productId: product.id,
      stockQty: 0,
    });
    expect(await stockOf(product.id)).toBe(0);
    expect(await orderCount(store.id)).toBe(1);
  });

  it("20 concurrent orders for the last 5, some for two: the stock goes to whole orders, none oversold (decision 0043)", async () => {
    // Checkouts that arrive together share a transaction: one that asks for more than is left rolls
    // back, and its orders that fit go again while the rest are refused with what is left.
    const { store, product } = await sellerWith({ stockQty: "5" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        order(store.id, [{ productId: product.id, qty: n % 3 === 0 ? 2 : 1 }]),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(placed.length + refused.length).toBe(20);
    const sold = placed.reduce((sum, response) => sum + (response.json().items[0]?.qty ?? 0), 0);
    expect(sold).toBeGreaterThanOrEqual(4);
    expect(sold).toBeLessThanOrEqual(5);
    expect(await stockOf(product.id)).toBe(5 - sold);
    expect(await orderCount(store.id)).toBe(placed.length);
    for (const response of refused) {
      const { stockQty, message } = response.json();
      expect(stockQty).toBeLessThan(2);
      expect(message).toBe(stockQty === 0 ? "Blå vase is sold out" : "Only 1 left of Blå vase");
    }
  });

  it("an order for more than is left is refused, translated, names what is left, and writes nothing", async () => {
    const { store, product } = await sellerWith({ stockQty: "2" });
    const tooMany = await order(store.id, [{ productId: product.id, qty: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Only 2 left of Blå vase");
    const norsk = await order(store.id, [{ productId: product.id, qty: 3 }], "nb");
    expect(norsk.json().message).toBe("Bare 2 igjen av Blå vase");
    expect(await stockOf(product.id)).toBe(2);
    expect(await orderCount(store.id)).toBe(0);
    expect((await order(store.id, [{ productId: product.id, qty: 2 }])).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
  });

  it("one short line refuses the whole order: the other lines keep their stock", async () => {
    const { agent, store, product } = await sellerWith({ stockQty: "5" });
    const scarce = await createProductVia(agent, store.id, { title: "Skål", stockQty: "1" });
    const refused = await order(store.id, [
      { productId: product.id, qty: 2 },
      { productId: scarce.id, qty: 2 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Only 1 left of Skål");
    expect(await stockOf(product.id)).toBe(5);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await orderCount(store.id)).toBe(0);
  });

  it("the shop's public reads stop offering the last one as soon as it is sold", async () => {
    const { store, product } = await sellerWith({ stockQty: "1" });
    const shopper = new Agent(t.app);
    expect((await shopper.get(`/api/products/${product.id}`)).json()).toMatchObject({
      stockQty: 1,
      available: true,
    });
    expect((await shopper.get(`/api/stores/${store.id}/products`)).json()[0]).toMatchObject({
      available: true,
    });
    expect((await order(store.id, [{ productId: product.id, qty: 1 }])).statusCode).toBe(201);
    expect((await shopper.get(`/api/products/${product.id}`)).json()).toMatchObject({
      stockQty: 0,
      available: false,
    });
    expect((await shopper.get(`/api/stores/${store.id}/products`)).json()[0]).toMatchObject({
      stockQty: 0,
      available: false,
    });
  });

  it("unlimited stock is never refused and stays unlimited", async () => {
    const { store, product } = await sellerWith({ stockQty: "" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => order(store.id, [{ productId: product.id, qty: 50 }])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(product.id)).toBeNull();
  });

  it("cancelling gives the stock back exactly once; reopening takes it again (decision 0067)", async () => {
    const { agent, store, product } = await sellerWith({ stockQty: "3" });
    const placed = (await order(store.id, [{ productId: product.id, qty: 3 }])).json();
    expect(await stockOf(product.id)).toBe(0);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" })).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" }),
      ),
    );
    expect(cancels.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf(product.id)).toBe(3);
    // The stock that came back can be sold again; the cancelled order then cannot have it back.
    expect((await order(store.id, [{ productId: product.id, qty: 3 }])).statusCode).toBe(201);
    const reopen = await agent.patch(`/api/orders/${placed.id}/status`, { status: "pending" });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe("Blå vase is sold out");
    expect(await stockOf(product.id)).toBe(0);
  });

  it("cancelling an order of a deleted product changes no stock and still cancels", async () => {
    const { agent, store, product } = await sellerWith({ stockQty: "2" });
    const placed = (await order(store.id, [{ productId: product.id, qty: 1 }])).json();
    expect((await agent.delete(`/api/products/${product.id}`)).statusCode).toBe(200);
    const cancelled = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
    const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(item).toMatchObject({ productId: null, qty: 1 });
  });
});
