import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qrCodes } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, signUpAdmin, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

describe("stores", () => {
  it("creates a store owned by the seller and lists it under Your Stores", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/stores", {
      name: "Bjørn's Bakeri",
      slug: "bjorn-s-bakeri",
      description: "Sourdough from Bergen",
    });
    expect(response.statusCode).toBe(201);
    const store = response.json();
    expect(store).toMatchObject({
      name: "Bjørn's Bakeri",
      slug: "bjorn-s-bakeri",
      productCount: 0,
      theme: { description: "Sourdough from Bergen" },
    });
    const list = (await agent.get("/api/stores")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: store.id, role: "owner" });
    expect((await agent.get(`/api/stores/${store.id}`)).json().name).toBe("Bjørn's Bakeri");
  });

  it("answers 409 with a free alternative for a taken slug", async () => {
    const { agent } = await signUp(t.app);
    await createStoreVia(agent, "Fjord Keramikk", "fjord-keramikk");
    const taken = await agent.post("/api/stores", { name: "Fjord Keramikk", slug: "fjord-keramikk" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'The store URL "fjord-keramikk" is already taken',
      suggestion: "fjord-keramikk-2",
    });
    const availability = await agent.get("/api/stores/slug-availability?slug=Fjord%20Keramikk");
    expect(availability.json()).toEqual({
      slug: "fjord-keramikk",
      available: false,
      suggestion: "fjord-keramikk-2",
    });
  });

  it.each([
    [{ name: "", slug: "x" }, "Store name and URL are required."],
    [{ name: "Shop", slug: "" }, "Store name and URL are required."],
    [
      { name: "Shop", slug: "Not A Slug" },
      "Use only lowercase letters, digits and single hyphens in the store URL",
    ],
  ])("refuses %o with %s", async (body, message) => {
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/stores", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("updates settings and the SMS phone in E.164, with clear errors", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const { primaryImage } = await createProductVia(agent, store.id);
    const updated = await agent.put(`/api/stores/${store.id}`, {
      name: "Renamed",
      slug: store.slug,
      heroImageUrl: primaryImage,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Renamed", heroImageUrl: primaryImage });

    const phone = await agent.put(`/api/stores/${store.id}`, { phone: "912 34 567" });
    expect(phone.json().phone).toBe("+4791234567");
    const swedish = await agent.put(`/api/stores/${store.id}`, { phone: "+46 70 123 45 67" });
    expect(swedish.json().phone).toBe("+46701234567");
    const bad = await agent.put(`/api/stores/${store.id}`, { phone: "12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Enter a valid phone number, for example +47 912 34 567");
    expect((await agent.get(`/api/stores/${store.id}`)).json().phone).toBe("+46701234567");

    const empty = await agent.put(`/api/stores/${store.id}`, { name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Store name and URL are required.");
    const script = await agent.put(`/api/stores/${store.id}`, { heroImageUrl: "javascript:alert(1)" });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(
      "The image address must start with https:// or be a photo uploaded to Torg (/uploads/products/...)",
    );
    // An https address elsewhere is a hero image, as the settings form has always allowed.
    const elsewhere = await agent.put(`/api/stores/${store.id}`, {
      heroImageUrl: "https://images.example/hero.jpg",
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().heroImageUrl).toBe("https://images.example/hero.jpg");
  });

  it("hides other sellers' stores behind 404 and needs a session", async () => {
    const { agent: owner } = await signUp(t.app);
    const { agent: other } = await signUp(t.app);
    const store = await createStoreVia(owner);
    for (const response of [
      await other.get(`/api/stores/${store.id}`),
      await other.put(`/api/stores/${store.id}`, { name: "Mine now" }),
      await other.delete(`/api/stores/${store.id}`),
      await other.get(`/api/stores/${store.id}/payment-channels`),
      await other.post(`/api/stores/${store.id}/payment-channels`, {
        provider: "vipps",
        externalId: "123456",
      }),
      await other.get(`/api/stores/${store.id}/finn-listing`),
      await other.get("/api/stores/not-a-uuid"),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Store not found" });
    }
    expect((await other.get("/api/stores")).json()).toEqual([]);
    const anonymous = new Agent(t.app);
    expect((await anonymous.get("/api/stores")).statusCode).toBe(401);
    expect((await anonymous.get(`/api/stores/${store.id}`)).statusCode).toBe(401);
    expect((await anonymous.post("/api/stores", { name: "x", slug: "x" })).statusCode).toBe(401);
  });

  it("a platform admin may manage any store", async () => {
    const { agent: owner } = await signUp(t.app);
    const store = await createStoreVia(owner);
    const { agent: admin } = await signUpAdmin(t);
    expect((await admin.get(`/api/stores/${store.id}`)).statusCode).toBe(200);
  });

  it("soft-deletes: the store disappears, its slug is free again and its QR codes lose their store", async () => {
    const { agent, user } = await signUp(t.app);
    const store = await createStoreVia(agent, "Gone Soon", "gone-soon");
    await t.database.db.insert(qrCodes).values({
      code: `qr-${store.id.slice(0, 8)}`,
      storeId: store.id,
      ownerUserId: user.id,
      url: "https://x",
    });
    expect((await agent.delete(`/api/stores/${store.id}`)).json()).toEqual({ ok: true });
    expect((await agent.get(`/api/stores/${store.id}`)).statusCode).toBe(404);
    expect((await agent.get("/api/stores")).json()).toEqual([]);
    const [qr] = await t.database.db
      .select()
      .from(qrCodes)
      .where(eq(qrCodes.code, `qr-${store.id.slice(0, 8)}`));
    expect(qr?.storeId).toBeNull();
    const again = await agent.post("/api/stores", { name: "Gone Soon", slug: "gone-soon" });
    expect(again.statusCode).toBe(201);
  });
});

describe("payment channels", () => {
  it("creates, updates and removes one channel per provider, validating ids", async () => {
    const { agent, password: currentPassword } = await signUp(t.app);
    const store = await createStoreVia(agent);
    expect((await agent.get(`/api/stores/${store.id}/payment-channels`)).json()).toEqual([]);

    const vipps = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "vipps",
      externalId: "123456",
      isLive: false,
      currentPassword,
    });
    expect(vipps.statusCode).toBe(201);
    const again = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "vipps",
      externalId: "654321",
      isLive: true,
      currentPassword,
    });
    expect(again.json()).toMatchObject({ provider: "vipps", externalId: "654321", isLive: true });
    await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "stripe",
      externalId: "acct_1A2b3C4d5E6f",
      currentPassword,
    });
    const channels = (await agent.get(`/api/stores/${store.id}/payment-channels`)).json();
    expect(channels.map((c: { provider: string }) => c.provider)).toEqual(["stripe", "vipps"]);

    const badStripe = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "stripe",
      externalId: "sk_live_secret",
    });
    expect(badStripe.statusCode).toBe(400);
    expect(badStripe.json().message).toBe("Stripe account IDs look like acct_1A2b3C4d5E6f");
    const badVipps = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "vipps",
      externalId: "abc",
    });
    expect(badVipps.json().message).toBe("The Vipps Merchant ID is the 4 to 10 digit merchant serial number");
    const badProvider = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      provider: "paypal",
      externalId: "x",
    });
    expect(badProvider.statusCode).toBe(400);

    const removed = await agent.request({
      method: "DELETE",
      url: `/api/stores/${store.id}/payment-channels/stripe`,
      payload: { currentPassword },
    });
    expect(removed.statusCode).toBe(200);
    expect((await agent.get(`/api/stores/${store.id}/payment-channels`)).json()).toHaveLength(1);
  });
});

describe("Finn.no listing", () => {
  it("builds title, description with prices in kr, and the store URL", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Leire og Lys");
    await createProductVia(agent, store.id, { title: "Tekopp", basePrice: "349" });
    await createProductVia(agent, store.id, { title: "Stor vase", basePrice: "1250" });
    await createProductVia(agent, store.id, { title: "Hidden draft" }).then((p) =>
      agent.put(`/api/products/${p.id}`, { isActive: false }),
    );
    const response = await agent.get(`/api/stores/${store.id}/finn-listing`);
    expect(response.statusCode).toBe(200);
    const listing = response.json();
    expect(listing.title).toBe("Leire og Lys: handmade goods");
    expect(listing.storeUrl).toBe(`https://torg.example.no/s/${store.slug}`);
    expect(listing.description).toContain("• Tekopp: 349 kr");
    expect(listing.description).toContain("• Stor vase: 1,250 kr");
    expect(listing.description).not.toContain("Hidden draft");
    expect(listing.description).toContain(`https://torg.example.no/s/${store.slug}`);
  });
});
