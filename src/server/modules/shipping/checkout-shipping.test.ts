import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CARRIER_UNAVAILABLE_HEADER } from "../../../shared/shipping";
import { orders, products } from "../../db/schema";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { Agent, createTestApp, type TestApp } from "../../test/harness";
import { addCode, address, checkoutOf, quoteOf, storeForRules } from "../checkout/price-rules.fixtures";
import { CHECKOUT_CARRIER_TIMEOUT_MS } from "./carrier-answers";
import { connectTestCarrier } from "./testing";

let fake: FakeBring;
let t: TestApp;
let checkout: ReturnType<typeof checkoutOf>;
let quote: ReturnType<typeof quoteOf>;
beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
  t = await createTestApp({ BRING_API_URL: fake.url, ORDERS_PER_IP_PER_HOUR: "0" });
  checkout = checkoutOf(t);
  quote = quoteOf(t);
});
afterEach(() => fake.reset());
afterAll(async () => {
  await t.close();
  await fake.close();
});

const en = { "accept-language": "en" };
/** The fake's points near 0155 Oslo: "1" + the postcode + the place, nearest first. */
const COOP_MEGA = "101551";

function options(storeId: string, body: Record<string, unknown>, headers: Record<string, string> = en) {
  return new Agent(t.app).request({
    method: "POST",
    url: `/api/stores/${storeId}/shipping-options`,
    payload: body,
    headers,
  });
}

/** A store with Bring (the fake's account) beside its flat options; the mug weighs 800 g. */
async function bringStore(carrier: Parameters<typeof connectTestCarrier>[2] = {}) {
  const store = await storeForRules(t);
  await t.database.db.update(products).set({ weightGrams: 800 }).where(eq(products.id, store.mug.id));
  await connectTestCarrier(t.database.db, store.store.id, carrier);
  return store;
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe("the checkout's shipping options (decision 0079)", () => {
  it("prices each offered service for the cart's weight, with the expected delivery, in the shopper's language", async () => {
    const { store, mug, vase } = await bringStore({ defaultWeightGrams: 1500 });
    // 800 g: the first weight band.
    const light = await options(store.id, { postalCode: "0155", items: [{ productId: mug.id, qty: 1 }] });
    expect(light.statusCode, light.body).toBe(200);
    expect(light.headers[CARRIER_UNAVAILABLE_HEADER]).toBeUndefined();
    const listed = light.json() as { service: string; price: string; expectedDelivery: string | null }[];
    expect(listed.map(({ service, price }) => [service, price])).toEqual([
      ["5800", "79.00"],
      ["3584", "69.00"],
      ["5600", "129.00"],
    ]);
    expect(light.json()[0]).toMatchObject({ name: "Parcel to pick-up point", pickup: true, source: "bring" });
    for (const option of listed) expect(option.expectedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The vase has no weight: the store's default (1.5 kg) counts, twice, with the mug: 3.8 kg.
    const heavy = await options(store.id, {
      postalCode: "0155",
      items: [
        { productId: mug.id, qty: 1 },
        { productId: vase.id, qty: 2 },
      ],
    });
    expect((heavy.json() as { price: string }[]).map((option) => option.price)).toEqual([
      "99.00",
      "89.00",
      "149.00",
    ]);
    // Norwegian names for a Norwegian shopper; the same answer by GET with the cart as JSON.
    const get = await new Agent(t.app).request({
      method: "GET",
      url: `/api/stores/${store.id}/shipping-options?postalCode=0155&country=NO&items=${encodeURIComponent(
        JSON.stringify([{ productId: mug.id, qty: 1 }]),
      )}`,
      headers: { "accept-language": "nb" },
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()[0]).toMatchObject({ service: "5800", name: "Pakke til hentested", price: "79.00" });
  });

  it("takes the seller's own price for a service, and makes every service free from the store's amount", async () => {
    const { store, mug, vase } = await bringStore({
      services: [{ code: "5800" }, { code: "5600", price: "59" }],
      freeAbove: "1000",
    });
    const cheap = await options(store.id, { postalCode: "0155", items: [{ productId: mug.id, qty: 1 }] });
    expect(cheap.json()).toMatchObject([
      { service: "5800", price: "79.00", source: "bring" },
      { service: "5600", price: "59.00", source: "seller" },
    ]);
    // 349 + 2 × 500 reaches 1,000 kr.
    const free = await options(store.id, {
      postalCode: "0155",
      items: [
        { productId: mug.id, qty: 1 },
        { productId: vase.id, qty: 2 },
      ],
    });
    expect((free.json() as { price: string }[]).map((option) => option.price)).toEqual(["0.00", "0.00"]);
  });

  it("answers the seller-priced services alone, with the header, when Bring is down, slow or says 429", async () => {
    const { store, mug } = await bringStore({ services: [{ code: "5800" }, { code: "5600", price: "59" }] });
    const ask = (postalCode: string) =>
      options(store.id, { postalCode, items: [{ productId: mug.id, qty: 1 }] });
    fake.setDown(true);
    const down = await ask("5003");
    expect(down.statusCode, down.body).toBe(200);
    expect(down.headers[CARRIER_UNAVAILABLE_HEADER]).toBe("1");
    expect(down.json()).toEqual([
      {
        service: "5600",
        name: "Parcel delivered home",
        price: "59.00",
        expectedDelivery: null,
        pickup: false,
        source: "seller",
      },
    ]);
    fake.reset();
    fake.rateLimitNext(5);
    const limited = await ask("7010");
    expect(limited.headers[CARRIER_UNAVAILABLE_HEADER]).toBe("1");
    fake.reset();
    // Slower than the checkout waits: the answer comes within the wait, without Bring's prices.
    fake.setDelayMs(CHECKOUT_CARRIER_TIMEOUT_MS + 2_000);
    const started = Date.now();
    const slow = await ask("9008");
    expect(Date.now() - started).toBeLessThan(CHECKOUT_CARRIER_TIMEOUT_MS + 1_500);
    expect(slow.headers[CARRIER_UNAVAILABLE_HEADER]).toBe("1");
    expect((slow.json() as { service: string }[]).map((option) => option.service)).toEqual(["5600"]);
  });

  it("asks Bring once for the same question within minutes", async () => {
    const { store, mug } = await bringStore();
    const body = { postalCode: "3011", items: [{ productId: mug.id, qty: 1 }] };
    await options(store.id, body);
    await options(store.id, body);
    const asked = fake.requests.filter((request) => request.path.startsWith("/shippingguide/"));
    expect(asked).toHaveLength(1);
  });

  it("lists the nearest pick-up points; refuses what cannot be asked with a 4xx", async () => {
    const { store, mug } = await bringStore();
    const points = await new Agent(t.app).request({
      method: "GET",
      url: `/api/stores/${store.id}/pickup-points?postalCode=0155`,
      headers: en,
    });
    expect(points.statusCode, points.body).toBe(200);
    expect(points.json()[0]).toMatchObject({
      id: COOP_MEGA,
      name: "Coop Mega Storgata",
      address: "Storgata 14",
      postalCode: "0155",
      distanceKm: 0.3,
    });
    expect(points.json()[0].openingHours).toBeTruthy();
    const bad = [
      `/api/stores/${store.id}/pickup-points?postalCode=015`,
      `/api/stores/not-a-store/pickup-points?postalCode=0155`,
      `/api/stores/${store.id}/shipping-options?postalCode=0155&items=nope`,
    ];
    for (const url of bad) {
      const answer = await new Agent(t.app).request({ method: "GET", url, headers: en });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const stranger = await storeForRules(t);
    const none = await options(stranger.store.id, {
      postalCode: "0155",
      items: [{ productId: mug.id, qty: 1 }],
    });
    expect(none.statusCode).toBe(404);
    fake.setDown(true);
    const down = await new Agent(t.app).request({
      method: "GET",
      url: `/api/stores/${store.id}/pickup-points?postalCode=4010`,
      headers: en,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toContain("Bring");
  });
});

describe("an order with a Bring service (decision 0079)", () => {
  it("prices a pick-up service on the server and keeps the service, price, point and source", async () => {
    const { store, mug } = await bringStore();
    const body = {
      storeId: store.id,
      items: [{ productId: mug.id, qty: 1 }],
      shipping: { service: "5800", pickupPointId: COOP_MEGA },
      shipToAddr: { post: "0155" },
      // A price in the body is no field of the order: it is not read, the server's price counts.
      deliveryPrice: "0.00",
      price: "1.00",
    };
    const quoted = await quote({ ...body, postalCode: "0155", shipToAddr: undefined }, en);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ delivery: "79.00", total: "428.00" });
    const guideCalls = () => fake.requests.filter((request) => request.path.startsWith("/shippingguide/"));
    const askedBefore = guideCalls().length;
    const placed = await checkout(body, en);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      totalGross: "428.00",
      delivery: { name: "Parcel to pick-up point", kind: "parcel", price: "79.00" },
      shipping: {
        carrier: "bring",
        service: "5800",
        priceSource: "bring",
        pickupPoint: { id: COOP_MEGA, name: "Coop Mega Storgata", postalCode: "0155" },
      },
    });
    const row = await orderRow(placed.json().id);
    expect(row).toMatchObject({
      deliveryKind: "parcel",
      deliveryPrice: "79.00",
      deliveryOptionId: null,
      shippingCarrier: "bring",
      shippingService: "5800",
      shippingPriceSource: "bring",
      pickupPoint: {
        id: COOP_MEGA,
        address: "Storgata 14",
        city: expect.any(String),
        // The order page shows when the point is open, as Bring worded it when the shopper chose.
        openingHours: expect.stringMatching(/\d/),
      },
    });
    expect(row?.expectedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The shopper saw the price a moment ago: the order found Bring's answer kept, and asked no more.
    expect(guideCalls()).toHaveLength(askedBefore);
  });

  it("sends a home service to the parcel address, which it needs", async () => {
    const { store, mug } = await bringStore();
    const body = { storeId: store.id, items: [{ productId: mug.id, qty: 1 }], shipping: { service: "5600" } };
    const noStreet = await checkout({ ...body, shipToAddr: { post: "0155" } }, en);
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json().message).toContain("Enter the street");
    const placed = await checkout({ ...body, shipToAddr: address }, en);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ totalGross: "478.00", shipToAddr: address });
    expect(await orderRow(placed.json().id)).toMatchObject({ shippingService: "5600", pickupPoint: null });
  });

  it("offers no mailbox parcel for a cart over 5 kg, and refuses an order that names one", async () => {
    const { store, mug } = await bringStore();
    const heavy = { postalCode: "0155", items: [{ productId: mug.id, qty: 7 }] };
    const listed = await options(store.id, heavy);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((option: { service: string }) => option.service)).toEqual(["5800", "5600"]);
    const light = await options(store.id, { ...heavy, items: [{ productId: mug.id, qty: 6 }] });
    expect(light.json().map((option: { service: string }) => option.service)).toContain("3584");
    const placed = await checkout(
      { storeId: store.id, items: heavy.items, shipping: { service: "3584" }, shipToAddr: address },
      en,
    );
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toContain("This store does not offer that delivery");
  });

  it("refuses a made-up point, a missing point, a service not offered, and two deliveries at once", async () => {
    const { store, mug, pickup } = await bringStore({ services: [{ code: "5800" }, { code: "3584" }] });
    const base = { storeId: store.id, items: [{ productId: mug.id, qty: 1 }], shipToAddr: address };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ shipping: { service: "5800", pickupPointId: "999999" } }, 400, "That pick-up point is not near"],
      [{ shipping: { service: "5800" } }, 400, "Choose a pick-up point"],
      [{ shipping: { service: "5600" } }, 400, "This store does not offer that delivery"],
      [{ shipping: { service: "9999" } }, 400, "Choose one of the Bring services"],
      [
        { shipping: { service: "3584" }, shipToAddr: { street: "Storgata 1", city: "Oslo" } },
        400,
        "postcode",
      ],
      [{ shipping: { service: "3584" }, deliveryOptionId: pickup.id }, 400, ""],
      // A store with Bring has delivery: an order naming none is refused.
      [{}, 400, "deliver"],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await checkout({ ...base, ...extra }, en);
      expect(answer.statusCode, JSON.stringify(extra)).toBe(status);
      expect(answer.json().message).toContain(message);
    }
  });

  it("still places an order when Bring is down: at the seller's price, or says so without one", async () => {
    const { store, mug } = await bringStore({ services: [{ code: "5800" }, { code: "5600", price: "59" }] });
    fake.setDown(true);
    const base = { storeId: store.id, items: [{ productId: mug.id, qty: 1 }] };
    // A postcode nobody asked about yet: nothing kept, so no expected day either.
    const bergen = { street: "Strandkaien 2", post: "5004", city: "Bergen" };
    const seller = await checkout({ ...base, shipping: { service: "5600" }, shipToAddr: bergen }, en);
    expect(seller.statusCode, seller.body).toBe(201);
    expect(await orderRow(seller.json().id)).toMatchObject({
      shippingPriceSource: "seller",
      deliveryPrice: "59.00",
      expectedDelivery: null,
    });
    const bring = await checkout(
      { ...base, shipping: { service: "5800", pickupPointId: "170101" }, shipToAddr: { post: "7010" } },
      en,
    );
    expect(bring.statusCode).toBe(503);
    expect(bring.json().message).toContain("Choose another delivery option");
  });

  it("applies a free-delivery code and the free-above amount to a Bring service; flat options still work", async () => {
    const { store, mug, vase, parcel } = await bringStore({ freeAbove: "1000" });
    const code = await addCode(t, store.id, { code: "FRAKTFRI", kind: "free_delivery", value: "0" });
    const pickupOrder = {
      storeId: store.id,
      items: [{ productId: mug.id, qty: 1 }],
      shipping: { service: "5800", pickupPointId: COOP_MEGA },
      shipToAddr: { post: "0155" },
    };
    const withCode = await checkout({ ...pickupOrder, discountCode: code.code }, en);
    expect(withCode.statusCode, withCode.body).toBe(201);
    expect(withCode.json()).toMatchObject({ totalGross: "349.00", discountTotal: "79.00" });
    const free = await checkout(
      {
        ...pickupOrder,
        items: [
          { productId: mug.id, qty: 1 },
          { productId: vase.id, qty: 2 },
        ],
      },
      en,
    );
    expect(free.json()).toMatchObject({ totalGross: "1349.00", delivery: { price: "0.00" } });
    const flat = await checkout(
      {
        storeId: store.id,
        items: [{ productId: mug.id, qty: 1 }],
        deliveryOptionId: parcel.id,
        shipToAddr: address,
      },
      en,
    );
    expect(flat.statusCode, flat.body).toBe(201);
    expect(flat.json()).toMatchObject({ totalGross: "448.00", delivery: { name: "Pakke", price: "99.00" } });
    expect(await orderRow(flat.json().id)).toMatchObject({ shippingCarrier: null, pickupPoint: null });
  });

  it("tells the storefront the store ships with Bring", async () => {
    const { store } = await bringStore();
    const page = await new Agent(t.app).request({ method: "GET", url: `/api/stores/slug/${store.slug}` });
    expect(page.json()).toMatchObject({ shipsWithBring: true });
  });
});
