import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pickup = {
  name: "Hent i verkstedet",
  kind: "pickup",
  price: "0",
  note: "Verkstedgata 3, Bergen. Tirsdag–torsdag 12–18",
};
const parcel = { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99", freeAbove: "1000" };

async function sellerWithStore() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  return { ...seller, store };
}

describe("delivery options (decision 0036)", () => {
  it("saves the list in order, updates by id, removes what is left out, and the public read carries it", async () => {
    const { agent, store } = await sellerWithStore();
    const url = `/api/stores/${store.id}/delivery-options`;
    expect((await agent.get(url)).json()).toEqual([]);

    const saved = await agent.put(url, [pickup, parcel]);
    expect(saved.statusCode).toBe(200);
    const [first, second] = saved.json();
    expect(first).toMatchObject({
      name: "Hent i verkstedet",
      kind: "pickup",
      price: "0.00",
      freeAbove: null,
    });
    expect(second).toMatchObject({ kind: "parcel", price: "99.00", freeAbove: "1000.00", note: null });

    const edited = await agent.put(url, [{ ...second, price: "129" }]);
    expect(edited.json()).toEqual([{ ...second, price: "129.00" }]);
    expect((await agent.get(url)).json()).toEqual(edited.json());

    const shop = await new Agent(t.app).get(`/api/stores/slug/${store.slug}`);
    expect(shop.json().deliveryOptions).toEqual(edited.json());
  });

  it("refuses bad options with 400 and a message, and keeps the saved list", async () => {
    const { agent, store } = await sellerWithStore();
    const url = `/api/stores/${store.id}/delivery-options`;
    await agent.put(url, [pickup]);
    for (const body of [
      [{ ...pickup, name: "" }],
      [{ ...pickup, kind: "drone" }],
      [{ ...parcel, price: "-5" }],
      [{ ...parcel, price: "12.50" }],
      Array.from({ length: 11 }, () => pickup),
      { not: "a list" },
    ]) {
      const response = await agent.put(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await agent.get(url)).json()).toEqual([expect.objectContaining({ name: "Hent i verkstedet" })]);
  });

  it("is 401 without a session and 404 for another seller's store, whose options stay untouched", async () => {
    const owner = await sellerWithStore();
    const url = `/api/stores/${owner.store.id}/delivery-options`;
    const [option] = (await owner.agent.put(url, [parcel])).json();
    expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
    expect((await new Agent(t.app).put(url, [])).statusCode).toBe(401);

    const other = await sellerWithStore();
    expect((await other.agent.get(url)).statusCode).toBe(404);
    expect((await other.agent.put(url, [])).statusCode).toBe(404);
    // Nor can another store's option be taken over through one's own store by its id.
    const own = `/api/stores/${other.store.id}/delivery-options`;
    const hijack = await other.agent.put(own, [{ ...parcel, id: option.id, price: "1" }]);
    expect(hijack.statusCode).toBe(400);
    expect((await owner.agent.get(url)).json()).toEqual([option]);
  });
});

describe("MVA and the seller's legal details", () => {
  it("saves VAT rate, legal name, a checked organisation number and address; the public read carries them", async () => {
    const { agent, store } = await sellerWithStore();
    const saved = await agent.put(`/api/stores/${store.id}`, {
      vatRate: 25,
      legalName: "Leirverket Hansen ENK",
      orgNumber: "923 609 016",
      address: "Verkstedgata 3, 5003 Bergen",
      termsExtra: "Spesialbestillinger lages innen tre uker.",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      vatRate: 25,
      legalName: "Leirverket Hansen ENK",
      orgNumber: "923609016",
      address: "Verkstedgata 3, 5003 Bergen",
    });
    const shop = (await new Agent(t.app).get(`/api/stores/slug/${store.slug}`)).json();
    expect(shop).toMatchObject({ vatRate: 25, orgNumber: "923609016", legalName: "Leirverket Hansen ENK" });

    const cleared = await agent.put(`/api/stores/${store.id}`, { vatRate: null, orgNumber: "" });
    expect(cleared.json()).toMatchObject({
      vatRate: null,
      orgNumber: null,
      legalName: "Leirverket Hansen ENK",
    });
  });

  it("refuses a wrong organisation number or VAT rate with 400 and saves nothing", async () => {
    const { agent, store } = await sellerWithStore();
    const wrong = await agent.put(`/api/stores/${store.id}`, { orgNumber: "923609017", legalName: "X AS" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/organisation number/);
    const rate = await agent.put(`/api/stores/${store.id}`, { vatRate: 12 });
    expect(rate.statusCode).toBe(400);
    expect((await agent.get(`/api/stores/${store.id}`)).json()).toMatchObject({
      orgNumber: null,
      legalName: null,
      vatRate: null,
    });
  });
});
