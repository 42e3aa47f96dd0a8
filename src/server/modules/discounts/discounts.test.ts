import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, orders } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sellerWithStore() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  return { ...seller, store, url: `/api/stores/${store.id}/discounts` };
}

const tenOff = { code: "SOMMER10", kind: "percent", value: 10 };
const hour = 3_600_000;

/**
 * An order of the store that holds a use of the code, written as the checkout writes one (decision 0076):
 * the order keeps the code's text and amount, a redemption row holds the use, the code counts it.
 */
async function orderUsingCode(storeId: string, productId: string, codeId: string, discountTotal: string) {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      storeId,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 913 45 678",
      items: [{ productId, qty: 1 }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  const { db } = t.database;
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  await db
    .update(orders)
    .set({
      discountCodeId: codeId,
      discountCode: code?.code,
      discountTotal,
      totalGross: sql`${orders.totalGross} - ${discountTotal}::numeric`,
    })
    .where(eq(orders.id, orderId));
  await db.insert(discountRedemptions).values({ orderId, discountCodeId: codeId });
  await db
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(eq(discountCodes.id, codeId));
  return orderId;
}

describe("discount codes: the seller's API (issue 29)", () => {
  it("creates a code and lists it with its terms, no uses yet, and whether it works now", async () => {
    const { agent, url, store } = await sellerWithStore();
    expect((await agent.get(url)).json()).toEqual([]);

    const created = await agent.post(url, {
      ...tenOff,
      minOrderTotal: "300",
      maxUses: 50,
      onePerShopper: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json();
    expect(code).toMatchObject({
      storeId: store.id,
      code: "SOMMER10",
      kind: "percent",
      value: "10.00",
      minOrderTotal: "300.00",
      startsAt: null,
      endsAt: null,
      maxUses: 50,
      onePerShopper: true,
      productIds: null,
      state: "active",
      uses: 0,
      discountTotal: "0.00",
      revenue: "0.00",
      active: true,
    });
    expect((await agent.get(url)).json()).toEqual([code]);

    const freeDelivery = await agent.post(url, { code: "fraktfritt", kind: "free_delivery" });
    expect(freeDelivery.json()).toMatchObject({ kind: "free_delivery", value: "0.00" });
    // Newest first.
    expect((await agent.get(url)).json().map((c: { code: string }) => c.code)).toEqual([
      "fraktfritt",
      "SOMMER10",
    ]);
  });

  it("is unique per store in any case: a second one is a 409 naming it, in another store it is fine", async () => {
    const { agent, url } = await sellerWithStore();
    await agent.post(url, tenOff);
    const again = await agent.post(url, { ...tenOff, code: "sommer10", value: 20 });
    expect(again.statusCode).toBe(409);
    // The field it is about, so a form shows the message under it.
    expect(again.json()).toEqual({ message: "This store already has a code called sommer10", field: "code" });

    const other = (await agent.post(url, { ...tenOff, code: "HOST" })).json();
    const renamed = await agent.put(`/api/discounts/${other.id}`, { ...tenOff, code: "Sommer10" });
    expect(renamed.statusCode).toBe(409);

    const elsewhere = await sellerWithStore();
    expect((await elsewhere.agent.post(elsewhere.url, tenOff)).statusCode).toBe(201);
  });

  it("limits a code to the store's own products, and refuses another store's product", async () => {
    const { agent, url, store } = await sellerWithStore();
    const mug = await createProductVia(agent, store.id);
    const limited = await agent.post(url, { ...tenOff, productIds: [mug.id, mug.id] });
    expect(limited.statusCode).toBe(201);
    expect(limited.json().productIds).toEqual([mug.id]);

    const stranger = await sellerWithStore();
    const theirs = await createProductVia(stranger.agent, stranger.store.id);
    const refused = await agent.post(url, { ...tenOff, code: "ANDRE", productIds: [mug.id, theirs.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "A chosen product is not in this store", field: "productIds" });
    const edited = await agent.put(`/api/discounts/${limited.json().id}`, {
      ...tenOff,
      productIds: [theirs.id],
    });
    expect(edited.statusCode).toBe(400);
  });

  it("refuses bad terms with 400 and the field's message", async () => {
    const { agent, url } = await sellerWithStore();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...tenOff, code: "a b" }, "Use 3–32 letters, digits, - or _ for the code"],
      [{ ...tenOff, value: 150 }, "Enter a whole percentage from 1 to 100, or an amount above 0"],
      [
        { ...tenOff, kind: "amount", value: "0" },
        "Enter a whole percentage from 1 to 100, or an amount above 0",
      ],
      [{ ...tenOff, maxUses: 0 }, "Enter a number of uses from 1 to 1,000,000"],
      [
        { ...tenOff, startsAt: "2026-12-02T10:00:00+01:00", endsAt: "2026-12-01T10:00:00+01:00" },
        "The end must be after the start",
      ],
      [{ ...tenOff, startsAt: "tomorrow" }, "Enter a valid date and time"],
    ];
    for (const [body, message] of cases) {
      const response = await agent.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await agent.get(url)).json()).toEqual([]);
  });

  it("PUT replaces the terms; pause, resume and end are its state, and `active` follows window and uses", async () => {
    const { agent, url } = await sellerWithStore();
    const code = (await agent.post(url, { ...tenOff, minOrderTotal: "300", maxUses: 5 })).json();
    const put = (body: Record<string, unknown>) => agent.put(`/api/discounts/${code.id}`, body);

    const replaced = (await put({ code: "VINTER", kind: "amount", value: "50,5" })).json();
    expect(replaced).toMatchObject({
      id: code.id,
      code: "VINTER",
      kind: "amount",
      value: "50.50",
      minOrderTotal: null,
      maxUses: null,
      active: true,
    });
    expect((await put({ ...tenOff, state: "paused" })).json()).toMatchObject({
      state: "paused",
      active: false,
    });
    expect((await put({ ...tenOff, state: "active" })).json()).toMatchObject({
      state: "active",
      active: true,
    });
    const later = new Date(Date.now() + hour).toISOString();
    expect((await put({ ...tenOff, startsAt: later })).json()).toMatchObject({
      startsAt: later,
      active: false,
    });
    const past = new Date(Date.now() - hour).toISOString();
    expect((await put({ ...tenOff, endsAt: past })).json()).toMatchObject({ active: false });
    expect((await put({ ...tenOff, state: "ended" })).json()).toMatchObject({
      state: "ended",
      active: false,
    });

    await t.database.db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.id, code.id));
    expect((await put({ ...tenOff, maxUses: 2 })).json()).toMatchObject({ uses: 2, active: false });
    expect((await put({ ...tenOff, maxUses: 3 })).json()).toMatchObject({ uses: 2, active: true });
  });

  it("counts the orders holding a use: uses, the discount given and their revenue; a cancel drops out", async () => {
    const { agent, url, store } = await sellerWithStore();
    const mug = await createProductVia(agent, store.id, { basePrice: "349" });
    const code = (await agent.post(url, tenOff)).json();
    const idle = (await agent.post(url, { ...tenOff, code: "UBRUKT" })).json();
    await orderUsingCode(store.id, mug.id, code.id, "34.90");
    const cancelled = await orderUsingCode(store.id, mug.id, code.id, "34.90");
    await orderUsingCode(store.id, mug.id, code.id, "34.90");
    // Cancelling gives the use back (decision 0076): the redemption goes, the count comes down.
    const { db } = t.database;
    await db.delete(discountRedemptions).where(eq(discountRedemptions.orderId, cancelled));
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled));
    await db
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} - 1` })
      .where(eq(discountCodes.id, code.id));

    const [, used] = (await agent.get(url)).json();
    expect(used).toMatchObject({ id: code.id, uses: 2, discountTotal: "69.80", revenue: "628.20" });
    const [unused] = (await agent.get(url)).json();
    expect(unused).toMatchObject({ id: idle.id, uses: 0, discountTotal: "0.00", revenue: "0.00" });
    // Revenue counts what gift cards paid and leaves gift cards bought out (decision 0076).
    const [held] = await db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, code.id));
    await db
      .update(orders)
      .set({ giftCardTotal: "100.00", giftCardSales: "250.00", totalGross: sql`${orders.totalGross} + 150` })
      .where(eq(orders.id, held?.orderId ?? ""));
    expect((await agent.get(url)).json()[1]).toMatchObject({ revenue: "628.20" });
  });

  it("DELETE removes the code; its orders keep the code's text and amount", async () => {
    const { agent, url, store } = await sellerWithStore();
    const mug = await createProductVia(agent, store.id);
    const code = (await agent.post(url, tenOff)).json();
    const orderId = await orderUsingCode(store.id, mug.id, code.id, "34.90");

    const deleted = await agent.delete(`/api/discounts/${code.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await agent.get(url)).json()).toEqual([]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ discountCodeId: null, discountCode: "SOMMER10", discountTotal: "34.90" });

    const again = await agent.delete(`/api/discounts/${code.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Discount code not found");
    expect((await agent.put(`/api/discounts/not-an-id`, tenOff)).statusCode).toBe(404);
  });

  it("is 401 without a session, and 404 to another seller, whose calls change nothing", async () => {
    const owner = await sellerWithStore();
    const code = (await owner.agent.post(owner.url, tenOff)).json();
    const visitor = new Agent(t.app);
    expect((await visitor.get(owner.url)).statusCode).toBe(401);
    expect((await visitor.post(owner.url, tenOff)).statusCode).toBe(401);
    expect((await visitor.put(`/api/discounts/${code.id}`, tenOff)).statusCode).toBe(401);
    expect((await visitor.delete(`/api/discounts/${code.id}`)).statusCode).toBe(401);

    const other = await sellerWithStore();
    expect((await other.agent.get(owner.url)).statusCode).toBe(404);
    expect((await other.agent.post(owner.url, { ...tenOff, code: "INNBRUDD" })).statusCode).toBe(404);
    const put = await other.agent.put(`/api/discounts/${code.id}`, { ...tenOff, state: "ended" });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe("Discount code not found");
    expect((await other.agent.delete(`/api/discounts/${code.id}`)).statusCode).toBe(404);
    expect((await owner.agent.get(owner.url)).json()).toEqual([code]);
  });
});
