import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaleView } from "../../../shared/market";
import {
  emailOutbox,
  marketSessions,
  orderStatusEvents,
  orders,
  products,
  receipts,
  smsOutbox,
  stores,
} from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { addCard, addCode, storeForRules } from "../checkout/price-rules.fixtures";
import { createStallSale, postSale, saleBody } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

const en = { "accept-language": "en" };

async function stockOf(productId: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
  return row?.stockQty;
}

describe("a stall sale (decision 0077)", () => {
  it("is paid at once in cash: no delivery, no messages, a receipt number, the change, the stock taken", async () => {
    const { store, agent, vase } = await storeForRules(t, { vaseStock: "3" });
    const sale = await createStallSale(agent, store.id, [{ productId: vase.id, qty: 2 }], {
      payment: { method: "cash", amountGiven: "1200" },
    });
    expect(sale).toMatchObject({
      status: "paid",
      receiptNumber: 1,
      subtotal: "1000.00",
      total: "1000.00",
      vat: [{ rate: 25, amount: "200.00" }],
      payment: { method: "cash", amountGiven: "1200.00", change: "200.00" },
      buyer: null,
      items: [{ productId: vase.id, title: "Vase", unitPrice: "500.00", qty: 2 }],
    });
    expect(sale.receiptUrl).toMatch(/\/r\/[0-9a-f]{64}$/);
    expect(await stockOf(vase.id)).toBe(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(row).toMatchObject({
      channel: "stall",
      status: "paid",
      buyerEmail: "",
      shipToName: "",
      shipToPhone: "",
      deliveryOptionId: null,
      shipToAddr: null,
      paymentMethod: "cash",
      cashGiven: "1200.00",
    });
    const events = await t.database.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, sale.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.changedBy]).sort()).toEqual([
      [null, "pending", "seller"],
      ["pending", "paid", "seller"],
    ]);
    expect(await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, sale.id))).toEqual([]);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, sale.id))).toEqual(
      [],
    );

    const read = await agent.get(`/api/sales/${sale.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(sale);
    const list = await agent.get(`/api/stores/${store.id}/sales`);
    expect(list.json()).toMatchObject({ total: 1, sales: [{ id: sale.id }] });
    // The seller's order list stays the web shop's.
    const orderList = await agent.get(`/api/orders?storeId=${store.id}`);
    expect(JSON.stringify(orderList.json())).not.toContain(sale.id);
  });

  it("records a card-terminal sale with its reference, and a free amount at the store's VAT", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const sale = await createStallSale(
      agent,
      store.id,
      [
        { productId: mug.id, qty: 1 },
        { title: "Other", unitPrice: "250", qty: 2 },
      ],
      { payment: { method: "card_terminal", terminalRef: "SumUp 4411" } },
    );
    expect(sale).toMatchObject({
      status: "paid",
      total: "849.00",
      vat: [{ rate: 25, amount: "169.80" }],
      payment: { method: "card_terminal", terminalRef: "SumUp 4411", amountGiven: null, change: null },
    });
    expect(sale.items.find((item) => item.productId === null)).toMatchObject({
      title: "Other",
      unitPrice: "250.00",
      qty: 2,
    });
  });

  it("answers the same sale sent three times with one sale; the same id with another sale is 409", async () => {
    const { store, agent, vase } = await storeForRules(t, { vaseStock: "1" });
    const body = saleBody([{ productId: vase.id, qty: 1 }]);
    const first = await postSale(agent, store.id, body);
    const second = await postSale(agent, store.id, body);
    const third = await postSale(agent, store.id, body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(rows).toHaveLength(1);
    expect(await stockOf(vase.id)).toBe(0);
    const other = await postSale(agent, store.id, {
      ...body,
      items: [{ title: "Other", unitPrice: "10", qty: 1 }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already used/);
  });

  it("refuses a sale that would oversell, naming the product", async () => {
    const { store, agent, vase } = await storeForRules(t, { vaseStock: "1" });
    const response = await agent.request({
      method: "POST",
      url: `/api/stores/${store.id}/sales`,
      payload: saleBody([{ productId: vase.id, qty: 2 }]),
      headers: en,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("Vase");
  });

  it("refuses cash given short of the total, and a time too far ahead or too old", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const items = [{ productId: mug.id, qty: 1 }];
    const short = await agent.request({
      method: "POST",
      url: `/api/stores/${store.id}/sales`,
      payload: saleBody(items, { payment: { method: "cash", amountGiven: "300" } }),
      headers: en,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("349");
    const ahead = await postSale(
      agent,
      store.id,
      saleBody(items, { soldAt: new Date(Date.now() + 11 * 60_000).toISOString() }),
    );
    expect(ahead.statusCode).toBe(400);
    const old = await postSale(
      agent,
      store.id,
      saleBody(items, { soldAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
    );
    expect(old.statusCode).toBe(400);
    const lateButFine = await postSale(
      agent,
      store.id,
      saleBody(items, { soldAt: new Date(Date.now() - 29 * 86_400_000).toISOString() }),
    );
    expect(lateButFine.statusCode).toBe(201);
    expect(await t.database.db.select().from(orders).where(eq(orders.storeId, store.id))).toHaveLength(1);
  });

  it("applies a discount code to free amounts unless it is for named products; a gift card pays part", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const all = await addCode(t, store.id, { kind: "percent", value: "10" });
    const free = [{ title: "Other", unitPrice: "200", qty: 1 }];
    const sale = await createStallSale(agent, store.id, free, { discountCode: all.code });
    expect(sale).toMatchObject({ subtotal: "200.00", discountTotal: "20.00", total: "180.00" });
    const mugOnly = await addCode(t, store.id, { kind: "percent", value: "10", productIds: [mug.id] });
    const refused = await postSale(agent, store.id, saleBody(free, { discountCode: mugOnly.code }));
    expect(refused.statusCode).toBe(400);
    const card = await addCard(t, store.id, "100");
    const split = await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }], {
      giftCardCode: card.code,
      payment: { method: "cash", amountGiven: "300" },
    });
    expect(split).toMatchObject({
      status: "paid",
      giftCardTotal: "100.00",
      total: "249.00",
      payment: { amountGiven: "300.00", change: "51.00" },
    });
  });

  it("asks for the buyer when the store makes full sales documents, and keeps them", async () => {
    const { store, agent, mug } = await storeForRules(t);
    await t.database.db.update(stores).set({ stallFullDocuments: true }).where(eq(stores.id, store.id));
    const items = [{ productId: mug.id, qty: 1 }];
    expect((await postSale(agent, store.id, saleBody(items))).statusCode).toBe(400);
    const sale = await createStallSale(agent, store.id, items, {
      buyer: { name: "Kari Nordmann", address: "Storgata 1\n0155 Oslo" },
    });
    expect(sale.buyer).toEqual({ name: "Kari Nordmann", address: "Storgata 1\n0155 Oslo", email: null });
  });

  it("sells into an open market of the store only", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const other = await storeForRules(t);
    const items = [{ productId: mug.id, qty: 1 }];
    const [open] = await t.database.db
      .insert(marketSessions)
      .values({ storeId: store.id, name: "Julemarked" })
      .returning();
    const [foreign] = await t.database.db
      .insert(marketSessions)
      .values({ storeId: other.store.id, name: "Other" })
      .returning();
    const sale = await createStallSale(agent, store.id, items, { sessionId: open?.id });
    expect(sale.sessionId).toBe(open?.id);
    expect((await postSale(agent, store.id, saleBody(items, { sessionId: foreign?.id }))).statusCode).toBe(
      404,
    );
    await t.database.db
      .update(marketSessions)
      .set({ closedAt: new Date(Date.now() - 60_000), countedCash: "0" })
      .where(eq(marketSessions.id, open?.id ?? ""));
    const closed = await postSale(agent, store.id, saleBody(items, { sessionId: open?.id }));
    expect(closed.statusCode).toBe(409);
    // Made before the close, sent after it (the offline queue): still that market's sale.
    const earlier = await postSale(
      agent,
      store.id,
      saleBody(items, { sessionId: open?.id, soldAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
    );
    expect(earlier.statusCode).toBe(201);
  });

  it("refuses Vipps when the store does not offer it, before writing anything", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const response = await postSale(
      agent,
      store.id,
      saleBody([{ productId: mug.id, qty: 1 }], { payment: { method: "vipps_qr" } }),
    );
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(orders).where(eq(orders.storeId, store.id))).toEqual([]);
  });

  it("numbers receipts per store without gaps", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const sales: SaleView[] = await Promise.all(
      Array.from({ length: 12 }, () => createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }])),
    );
    const numbers = sales.map((sale) => sale.receiptNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    const rows = await t.database.db.select().from(receipts).where(eq(receipts.storeId, store.id));
    expect(rows).toHaveLength(12);
  });

  it("keeps other sellers out of a store's sales", async () => {
    const { store, agent, mug } = await storeForRules(t);
    const sale = await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }]);
    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(`/api/sales/${sale.id}`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/stores/${store.id}/sales`)).statusCode).toBe(404);
    expect(
      (await postSale(stranger.agent, store.id, saleBody([{ productId: mug.id, qty: 1 }]))).statusCode,
    ).toBe(404);
    const theirs = await createStoreVia(stranger.agent);
    const theirMug = await createProductVia(stranger.agent, theirs.id);
    // Another store's product cannot be sold at this stall.
    expect((await postSale(agent, store.id, saleBody([{ productId: theirMug.id, qty: 1 }]))).statusCode).toBe(
      400,
    );
  });
});
