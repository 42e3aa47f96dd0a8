import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, orders } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/harness";
import { addCode, address, checkoutOf, quoteOf, storeForRules } from "./price-rules.fixtures";
import { QUOTES_WITH_CODE_PER_IP_PER_HOUR } from "./quote";

let t: TestApp;
let checkout: ReturnType<typeof checkoutOf>;
let quote: ReturnType<typeof quoteOf>;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
  checkout = checkoutOf(t);
  quote = quoteOf(t);
});
afterAll(() => t.close());

const en = { "accept-language": "en" };
const hour = 3_600_000;

async function usesOf(codeId: string) {
  const [code] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  const [redeemed] = await t.database.db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountCodeId, codeId));
  return { uses: code?.uses, redemptions: redeemed?.n };
}

describe("a discount code priced in the checkout (decision 0076)", () => {
  it("takes a percentage off, with VAT on the discounted amount, and keeps the code as the store spells it", async () => {
    const { store, mug, pickup, agent } = await storeForRules(t);
    const code = await addCode(t, store.id, { code: "Sommer10", value: "10" });
    const body = { storeId: store.id, deliveryOptionId: pickup.id, items: [{ productId: mug.id, qty: 1 }] };
    // Any case, surrounding spaces: the same code.
    const quoted = await quote({ ...body, discountCode: " sOMMER10 " });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual({
      subtotal: "349.00",
      discount: "34.90",
      delivery: "0.00",
      giftCard: "0.00",
      total: "314.10",
      vat: [{ rate: 25, amount: "62.82" }],
      discountCode: "Sommer10",
      freeDelivery: false,
      giftCardBalance: null,
    });
    // The quote wrote nothing.
    expect(await usesOf(code.id)).toEqual({ uses: 0, redemptions: 0 });

    const placed = await checkout({ ...body, discountCode: "sommer10" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      totalGross: "314.10",
      discountCode: "Sommer10",
      discountTotal: "34.90",
      giftCardTotal: "0.00",
      giftCardSales: "0.00",
      vat: [{ rate: 25, amount: "62.82" }],
    });
    expect(await usesOf(code.id)).toEqual({ uses: 1, redemptions: 1 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({ discountCodeId: code.id, discountCode: "Sommer10", discountTotal: "34.90" });
    // The seller's read carries it too.
    expect((await agent.get(`/api/orders/${placed.json().id}`)).json()).toMatchObject({
      discountCode: "Sommer10",
      discountTotal: "34.90",
    });
  });

  it("takes an amount off, never more than the products it is for", async () => {
    const { store, mug, vase, pickup } = await storeForRules(t);
    await addCode(t, store.id, { code: "HUNDRE", kind: "amount", value: "100" });
    await addCode(t, store.id, { code: "STOR", kind: "amount", value: "5000" });
    await addCode(t, store.id, { code: "VASE", kind: "percent", value: "10", productIds: [vase.id] });
    const body = {
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [
        { productId: mug.id, qty: 1 },
        { productId: vase.id, qty: 1 },
      ],
    };
    expect((await quote({ ...body, discountCode: "hundre" })).json()).toMatchObject({
      subtotal: "849.00",
      discount: "100.00",
      total: "749.00",
    });
    expect((await quote({ ...body, discountCode: "stor" })).json()).toMatchObject({
      discount: "849.00",
      total: "0.00",
      vat: [{ rate: 25, amount: "0.00" }],
    });
    // Only the vase's line: 10 % of 500.
    expect((await quote({ ...body, discountCode: "vase" })).json()).toMatchObject({
      discount: "50.00",
      total: "799.00",
    });
    const mugOnly = await quote(
      { ...body, items: [{ productId: mug.id, qty: 1 }], discountCode: "vase" },
      en,
    );
    expect(mugOnly.statusCode).toBe(400);
    expect(mugOnly.json().message).toBe("This code isn't for the products in your cart");
  });

  it("makes the delivery free, and takes the delivery's threshold from the products after the discount", async () => {
    const { store, mug, parcel } = await storeForRules(t);
    await addCode(t, store.id, { code: "FRAKTFRI", kind: "free_delivery", value: "0" });
    await addCode(t, store.id, { code: "TI", value: "10" });
    const body = { storeId: store.id, deliveryOptionId: parcel.id, shipToAddr: address };
    const free = await checkout({
      ...body,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "fraktfri",
    });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({
      totalGross: "349.00",
      delivery: { price: "99.00" },
      discountTotal: "99.00",
      vat: [{ rate: 25, amount: "69.80" }],
    });
    // 3 mugs are 1,047 kr, over the parcel's 1,000 kr; 10 % off leaves 942.30, under it: the parcel costs.
    const under = await quote({ ...body, items: [{ productId: mug.id, qty: 3 }], discountCode: "ti" });
    expect(under.json()).toMatchObject({
      subtotal: "1047.00",
      discount: "104.70",
      delivery: "99.00",
      total: "1041.30",
      freeDelivery: false,
    });
    // The quote says the delivery is free, so the cart need not guess it from the amounts.
    const freeQuote = await quote({
      ...body,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "FRAKTFRI",
    });
    expect(freeQuote.json()).toMatchObject({ discount: "99.00", delivery: "99.00", freeDelivery: true });
  });

  it("an order a code takes all off is paid at once, its history placed then paid", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    await addCode(t, store.id, { code: "GAVE100", value: "100" });
    const placed = await checkout({
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "gave100",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      status: "paid",
      totalGross: "0.00",
      discountTotal: "349.00",
      vat: [{ rate: 25, amount: "0.00" }],
    });
    expect(placed.json().payment).toBeUndefined();
  });

  it("refuses a code below its minimum, naming the minimum in the shopper's language", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    await addCode(t, store.id, { code: "MIN1000", minOrderTotal: "1000" });
    const body = {
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "min1000",
    };
    const refused = await checkout(body, en);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This code needs an order of at least 1,000 kr");
    const norsk = await quote(body, { "accept-language": "nb" });
    expect(norsk.statusCode).toBe(400);
    expect(norsk.json().message).toMatch(/1\s000 kr/);
    // At the minimum it applies: the minimum is taken from the products before the discount.
    const enough = await quote({ ...body, items: [{ productId: mug.id, qty: 3 }] });
    expect(enough.statusCode).toBe(200);
  });

  it("refuses unknown, paused, ended, not started and past codes, in the checkout and the quote alike", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    const other = await storeForRules(t);
    await addCode(t, other.store.id, { code: "ANDRE" });
    await addCode(t, store.id, { code: "PAUSE", state: "paused" });
    await addCode(t, store.id, { code: "SLUTT", state: "ended" });
    await addCode(t, store.id, { code: "SNART", startsAt: new Date(Date.now() + hour) });
    await addCode(t, store.id, { code: "FORBI", endsAt: new Date(Date.now() - 1) });
    await addCode(t, store.id, {
      code: "NAA",
      startsAt: new Date(Date.now() - hour),
      endsAt: new Date(Date.now() + hour),
    });
    const body = { storeId: store.id, deliveryOptionId: pickup.id, items: [{ productId: mug.id, qty: 1 }] };
    const cases: [string, number, string][] = [
      ["ukjent", 400, "We don't know that code. Check the spelling."],
      // Another store's code is unknown here.
      ["andre", 400, "We don't know that code. Check the spelling."],
      ["pause", 400, "This code can't be used right now"],
      ["slutt", 400, "This code has ended"],
      ["snart", 400, "This code can't be used yet"],
      ["forbi", 400, "This code has ended"],
    ];
    for (const [code, status, message] of cases) {
      for (const call of [checkout, quote]) {
        const response = await call({ ...body, discountCode: code }, en);
        expect([code, response.statusCode, response.json().message]).toEqual([code, status, message]);
      }
    }
    expect((await quote({ ...body, discountCode: "naa" })).statusCode).toBe(200);
    const [placed] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.storeId, store.id));
    expect(placed?.n).toBe(0);
  });

  it("counts its uses: a code with N uses is used N times, then it is used up", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    const code = await addCode(t, store.id, { code: "TO", maxUses: 2 });
    const body = {
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "to",
    };
    expect((await checkout({ ...body, buyerEmail: "a@example.no" })).statusCode).toBe(201);
    expect((await checkout({ ...body, buyerEmail: "b@example.no" })).statusCode).toBe(201);
    for (const call of [checkout, quote]) {
      const third = await call({ ...body, buyerEmail: "c@example.no" }, en);
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe("This code has been used up");
    }
    expect(await usesOf(code.id)).toEqual({ uses: 2, redemptions: 2 });
  });

  it("allows one use per shopper by e-mail, in any case, and tells the quote when an e-mail is given", async () => {
    const { store, mug, pickup } = await storeForRules(t);
    const code = await addCode(t, store.id, { code: "EN", onePerShopper: true });
    const body = {
      storeId: store.id,
      deliveryOptionId: pickup.id,
      items: [{ productId: mug.id, qty: 1 }],
      discountCode: "en",
    };
    expect((await checkout({ ...body, buyerEmail: "Kari@Example.no" })).statusCode).toBe(201);
    const again = await checkout({ ...body, buyerEmail: "kari@example.NO" }, en);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This code has already been used with this e-mail");
    expect((await quote({ ...body, buyerEmail: "kari@example.no" })).statusCode).toBe(409);
    // Without the e-mail the quote cannot tell; another shopper may use it.
    expect((await quote(body)).statusCode).toBe(200);
    expect((await checkout({ ...body, buyerEmail: "ola@example.no" })).statusCode).toBe(201);
    const rows = await t.database.db
      .select({ shopper: discountRedemptions.shopper })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, code.id));
    expect(rows.map((row) => row.shopper).sort()).toEqual(["kari@example.no", "ola@example.no"]);
  });

  it("limits the quotes carrying a code per address (code guessing); quotes without one are not counted", async () => {
    const { store, mug } = await storeForRules(t);
    await addCode(t, store.id, { code: "GJETT" });
    const ask = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders/quote",
        remoteAddress: "203.0.113.29",
        headers: en,
        payload: { storeId: store.id, items: [{ productId: mug.id, qty: 1 }], ...payload },
      });
    for (let n = 0; n < QUOTES_WITH_CODE_PER_IP_PER_HOUR; n++)
      expect((await ask({ discountCode: n % 2 ? "gjett" : `feil${n}` })).statusCode).not.toBe(429);
    const refused = await ask({ discountCode: "gjett" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many codes tried/);
    expect((await ask({})).statusCode).toBe(200);
  });
});
