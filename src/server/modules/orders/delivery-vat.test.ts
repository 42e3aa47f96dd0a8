import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromOre, toOre } from "../../../shared/money";
import { vatIncludedOre } from "../../../shared/vat";
import { products, stores } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { orderSmsText } from "../sms/messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };
const address = { street: "Storgata 1", post: "0155", city: "Oslo" };

async function storeWithDelivery(vatRate: 25 | 15 | null = 25) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  await seller.agent.put(`/api/stores/${store.id}`, { vatRate });
  const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
    { name: "Hent i verkstedet", kind: "pickup", price: "0", note: "Verkstedgata 3" },
    { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99", freeAbove: "1000" },
  ]);
  const [pickup, parcel] = saved.json() as { id: string }[];
  if (!pickup || !parcel) throw new Error("options not saved");
  return { ...seller, store, mug, pickup, parcel };
}

const order = (body: Record<string, unknown>) =>
  new Agent(t.app).post("/api/orders", { ...shopper, ...body });

describe("delivery and MVA computed by the server (decision 0036)", () => {
  it("adds the parcel's price to the total and stores the VAT per rate; a tampered price is ignored", async () => {
    const { store, mug, parcel, agent } = await storeWithDelivery(25);
    const response = await order({
      storeId: store.id,
      deliveryOptionId: parcel.id,
      shipToAddr: address,
      items: [{ productId: mug.id, qty: 1 }],
      // What a tampering client might send: none of it is read.
      deliveryPrice: "0",
      delivery: { name: "Gratis", kind: "parcel", price: "0" },
      totalGross: "1.00",
      vat: [{ rate: 25, amount: "0.00" }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    expect(placed).toMatchObject({
      totalGross: "448.00",
      delivery: { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99.00" },
      // 448 kr including 25 % VAT: 448 / 5 = 89.60 kr.
      vat: [{ rate: 25, amount: "89.60" }],
      shipToAddr: address,
      trackingNumber: null,
    });
    // The seller's order read carries the same.
    const read = (await agent.get(`/api/orders/${placed.id}`)).json();
    expect(read).toMatchObject({ totalGross: "448.00", delivery: placed.delivery, vat: placed.vat });
  });

  it("makes the parcel free when the lines reach its threshold", async () => {
    const { store, mug, parcel } = await storeWithDelivery(25);
    const response = await order({
      storeId: store.id,
      deliveryOptionId: parcel.id,
      shipToAddr: address,
      items: [{ productId: mug.id, qty: 3 }],
    });
    expect(response.json()).toMatchObject({
      totalGross: "1047.00",
      delivery: { price: "0.00" },
      vat: [{ rate: 25, amount: "209.40" }],
    });
  });

  it("keeps no address for a pickup and takes the 15 % food rate", async () => {
    const { store, mug, pickup } = await storeWithDelivery(15);
    const response = await order({
      storeId: store.id,
      deliveryOptionId: pickup.id,
      shipToAddr: address,
      items: [{ productId: mug.id, qty: 1 }],
    });
    expect(response.json()).toMatchObject({
      totalGross: "349.00",
      delivery: { name: "Hent i verkstedet", kind: "pickup", price: "0.00" },
      // 349 · 15 / 115 = 45.5217… → 45.52.
      vat: [{ rate: 15, amount: "45.52" }],
      shipToAddr: null,
    });
  });

  it("refuses a parcel without a full address, a missing option and another store's option", async () => {
    const { store, mug, parcel } = await storeWithDelivery();
    const other = await storeWithDelivery();
    const items = [{ productId: mug.id, qty: 1 }];
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ deliveryOptionId: parcel.id, shipToAddr: { street: "Storgata 1" } }, /street, postcode and city/],
      [{ deliveryOptionId: parcel.id, shipToAddr: { ...address, post: "155" } }, /postcode of 4 digits/],
      [{ shipToAddr: address }, /Choose how you want your order delivered/],
      [{ deliveryOptionId: other.parcel.id, shipToAddr: address }, /one of the store's delivery options/],
    ];
    for (const [body, message] of cases) {
      const response = await order({ storeId: store.id, items, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const listed = await new Agent(t.app).get(`/api/stores/slug/${store.slug}`);
    expect(listed.statusCode).toBe(200);
  });

  it("keeps today's flow for a store without options: no delivery, no VAT when not registered", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
    const response = await order({ storeId: store.id, items: [{ productId: mug.id, qty: 2 }] });
    expect(response.json()).toMatchObject({ totalGross: "698.00", delivery: null, vat: [] });
    const named = await order({
      storeId: store.id,
      deliveryOptionId: "00000000-0000-4000-8000-000000000000",
      items: [{ productId: mug.id, qty: 1 }],
    });
    expect(named.statusCode).toBe(400);
  });

  it("for any prices, quantities and rate, the total is lines + delivery and the VAT is the total's share", async () => {
    const { store, mug, parcel, pickup } = await storeWithDelivery(25);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(25, 15, null),
        fc.boolean(),
        async (priceOre, qty, rate, parcelChosen) => {
          await t.database.db
            .update(products)
            .set({ basePrice: fromOre(priceOre) })
            .where(eq(products.id, mug.id));
          await t.database.db.update(stores).set({ vatRate: rate }).where(eq(stores.id, store.id));
          const response = await order({
            storeId: store.id,
            deliveryOptionId: parcelChosen ? parcel.id : pickup.id,
            shipToAddr: address,
            items: [{ productId: mug.id, qty }],
          });
          expect(response.statusCode, response.body).toBe(201);
          const placed = response.json();
          const linesOre = priceOre * qty;
          const deliveryOre = parcelChosen && linesOre < 100_000 ? 9900 : 0;
          expect(toOre(placed.totalGross)).toBe(linesOre + deliveryOre);
          expect(placed.vat).toEqual(
            rate === null ? [] : [{ rate, amount: fromOre(vatIncludedOre(linesOre + deliveryOre, rate)) }],
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("tracking number", () => {
  it("is stored when the seller fulfils with one, and can be added afterwards", async () => {
    const { store, mug, parcel, agent } = await storeWithDelivery();
    const placed = (
      await order({
        storeId: store.id,
        deliveryOptionId: parcel.id,
        shipToAddr: address,
        items: [{ productId: mug.id, qty: 1 }],
      })
    ).json();
    const fulfilled = await agent.patch(`/api/orders/${placed.id}/status`, {
      status: "fulfilled",
      trackingNumber: " 70701234567890123 ",
    });
    expect(fulfilled.statusCode).toBe(200);
    expect(fulfilled.json()).toMatchObject({ status: "fulfilled", trackingNumber: "70701234567890123" });
    const corrected = await agent.patch(`/api/orders/${placed.id}/status`, {
      status: "fulfilled",
      trackingNumber: "CP123456789NO",
    });
    expect(corrected.json()).toMatchObject({ trackingNumber: "CP123456789NO" });
    // One status change in the history, not two.
    expect(corrected.json().history).toHaveLength(2);
    const again = await agent.patch(`/api/orders/${placed.id}/status`, { status: "fulfilled" });
    expect(again.statusCode).toBe(409);
    const tooLong = await agent.patch(`/api/orders/${placed.id}/status`, {
      status: "fulfilled",
      trackingNumber: "x".repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("the shopper's order page (decision 0026)", () => {
  it("carries the delivery with the pickup's note, the VAT, the tracking number and the seller's legal details", async () => {
    const { store, mug, pickup, parcel, agent } = await storeWithDelivery(25);
    await agent.put(`/api/stores/${store.id}`, {
      legalName: "Leirverket Hansen ENK",
      orgNumber: "923609016",
      address: "Verkstedgata 3, 5003 Bergen",
    });
    const tokenOf = (placed: { publicUrl: string }) => placed.publicUrl.split("/order/")[1];
    const picked = (
      await order({ storeId: store.id, deliveryOptionId: pickup.id, items: [{ productId: mug.id, qty: 1 }] })
    ).json();
    const read = await new Agent(t.app).get(`/api/orders/by-token/${tokenOf(picked)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      totalGross: "349.00",
      delivery: { name: "Hent i verkstedet", kind: "pickup", price: "0.00", note: "Verkstedgata 3" },
      vat: [{ rate: 25, amount: "69.80" }],
      trackingNumber: null,
      shipToAddr: null,
      store: {
        legalName: "Leirverket Hansen ENK",
        orgNumber: "923609016",
        address: "Verkstedgata 3, 5003 Bergen",
        vatRegistered: true,
      },
    });

    const sent = (
      await order({
        storeId: store.id,
        deliveryOptionId: parcel.id,
        shipToAddr: address,
        items: [{ productId: mug.id, qty: 1 }],
      })
    ).json();
    await agent.patch(`/api/orders/${sent.id}/status`, {
      status: "fulfilled",
      trackingNumber: "CP123456789NO",
    });
    const parcelRead = (await new Agent(t.app).get(`/api/orders/by-token/${tokenOf(sent)}`)).json();
    expect(parcelRead).toMatchObject({
      totalGross: "448.00",
      delivery: { kind: "parcel", price: "99.00" },
      trackingNumber: "CP123456789NO",
      shipToAddr: address,
    });
    // The buyer's phone and e-mail stay off the page (decision 0026).
    expect(JSON.stringify(parcelRead)).not.toContain("kunde@example.no");
  });
});

describe("the order's texts name the delivery", () => {
  const context = {
    orderId: "1234abcd-0000-4000-8000-000000000000",
    totalGross: "448.00",
    storeId: "s",
    storeName: "Leirverket",
    storeSlug: "leirverket",
    storeLocale: "nb",
    toVerifiedStorePhone: true,
    deliveryName: "Posten/Bring: pakke i postkassen",
    deliveryKind: "parcel" as const,
    items: [
      { title: "Krus", variantLabel: "Størrelse: M", qty: 1 },
      { title: "Kopp", variantLabel: null, qty: 2 },
    ],
  };
  it("the seller's by the option's name, the buyer's by its kind in Torg's own words (decision 0022)", () => {
    expect(orderSmsText("seller_new_order", context, null)).toBe(
      "Torg: ny bestilling 1234abcd hos Leirverket, 448 kr: 1 x Krus (Størrelse: M), 2 x Kopp. Se den i Torg. Levering: Posten/Bring: pakke i postkassen.",
    );
    const buyer = orderSmsText("order_confirmation", context, "https://torg.example.no");
    expect(buyer).toMatch(/Levering: pakke\.$/);
    expect(buyer).not.toContain("Posten");
    // Nor the seller's titles: the buyer's text has no free text at all (decision 0022).
    expect(buyer).not.toMatch(/Krus|Kopp/);
    expect(
      orderSmsText("order_confirmation", { ...context, deliveryKind: null, deliveryName: null }, null),
    ).not.toMatch(/Levering/);
  });
});
