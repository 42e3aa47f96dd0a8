import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, signUpAdmin, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://torg.example.no" });
});
afterAll(() => t.close());

describe("QR codes", () => {
  it("creates (own text or generated), edits, deactivates and deletes", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Veveriet");
    const own = await agent.post("/api/qr-codes", {
      code: "veveriet-market",
      url: `https://torg.example.no/s/${store.slug}`,
      storeId: store.id,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({
      code: "veveriet-market",
      store: { name: "Veveriet" },
      isActive: true,
      scannedCount: 0,
    });
    const generated = (await agent.post("/api/qr-codes", { url: "https://example.no/flyer" })).json();
    expect(generated).toMatchObject({
      code: expect.stringMatching(/^[a-z2-9]{8}$/),
      store: null,
      storeId: null,
    });
    const switchedOff = await agent.post("/api/qr-codes", {
      url: "https://example.no/later",
      isActive: false,
    });
    expect(switchedOff.json()).toMatchObject({ isActive: false });
    await agent.delete(`/api/qr-codes/${switchedOff.json().id}`);
    expect(
      (await agent.post("/api/qr-codes", { code: "veveriet-market", url: "https://x.no" })).statusCode,
    ).toBe(409);
    expect((await agent.post("/api/qr-codes", { url: "javascript:alert(1)" })).json().message).toBe(
      "Enter a full web address starting with https:// or http://",
    );

    const edited = await agent.patch(`/api/qr-codes/${generated.id}`, {
      url: "https://example.no/new",
      storeId: store.id,
      isActive: false,
    });
    expect(edited.json()).toMatchObject({
      url: "https://example.no/new",
      store: { name: "Veveriet" },
      isActive: false,
    });
    expect((await agent.get("/api/qr-codes")).json()).toHaveLength(2);
    expect((await agent.delete(`/api/qr-codes/${generated.id}`)).json()).toEqual({ ok: true });
    expect((await agent.get("/api/qr-codes")).json().map((q: { code: string }) => q.code)).toEqual([
      "veveriet-market",
    ]);
  });

  it("renders PNG and SVG in the requested size, with the store name under a labelled code", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Sølvsmia");
    const qr = (
      await agent.post("/api/qr-codes", { url: "https://torg.example.no/s/x", storeId: store.id })
    ).json();
    const png = await t.app.inject({ url: `${qr.imageUrl}?size=500` });
    expect(png.headers["content-type"]).toBe("image/png");
    const metadata = await sharp(png.rawPayload).metadata();
    expect(metadata.width).toBe(500);
    expect(metadata.height).toBeGreaterThan(500);
    const preview = await sharp((await t.app.inject({ url: qr.imageUrl })).rawPayload).metadata();
    expect(preview.width).toBe(200);
    const svg = await t.app.inject({ url: `${qr.imageUrl}?format=svg&size=300` });
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).toContain('width="300"');
    expect(svg.body).toContain("Sølvsmia");
    for (const bad of ["size=99", "size=2001", "size=abc", "format=gif"]) {
      const response = await t.app.inject({ url: `${qr.imageUrl}?${bad}` });
      expect(response.statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: "/api/qr-codes/nope-nope/image" })).statusCode).toBe(404);
  });

  it("counts 100 parallel scans exactly and redirects; an inactive or unknown code shows a friendly page", async () => {
    const { agent } = await signUp(t.app);
    const qr = (await agent.post("/api/qr-codes", { url: "https://torg.example.no/s/somewhere" })).json();
    const scans = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ url: `/q/${qr.code}` })),
    );
    expect(
      scans.every(
        (r) => r.statusCode === 302 && r.headers.location === "https://torg.example.no/s/somewhere",
      ),
    ).toBe(true);
    const after = (await agent.get("/api/qr-codes")).json()[0];
    expect(after.scannedCount).toBe(100);
    expect(after.lastScannedAt).toEqual(expect.any(String));

    await agent.patch(`/api/qr-codes/${qr.id}`, { isActive: false });
    const inactive = await t.app.inject({ url: `/q/${qr.code}` });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.headers.location).toBeUndefined();
    expect(inactive.body).toContain("This QR code is not in use");
    expect((await agent.get("/api/qr-codes")).json()[0].scannedCount).toBe(100);
    const unknown = await t.app.inject({ url: "/q/never-made", headers: { "accept-language": "nb" } });
    expect(unknown.body).toContain("Denne QR-koden er ikke i bruk");
  });

  it("keeps sellers apart (404) and lets a platform admin see everyone's", async () => {
    const { agent: a } = await signUp(t.app);
    const { agent: b } = await signUp(t.app);
    const storeA = await createStoreVia(a);
    const qrA = (await a.post("/api/qr-codes", { url: "https://a.example", storeId: storeA.id })).json();
    expect((await b.get("/api/qr-codes")).json().some((q: { id: string }) => q.id === qrA.id)).toBe(false);
    expect((await b.patch(`/api/qr-codes/${qrA.id}`, { isActive: false })).statusCode).toBe(404);
    expect((await b.delete(`/api/qr-codes/${qrA.id}`)).statusCode).toBe(404);
    expect((await b.post("/api/qr-codes", { url: "https://b.example", storeId: storeA.id })).statusCode).toBe(
      404,
    );
    expect((await new Agent(t.app).get("/api/qr-codes")).statusCode).toBe(401);
    const { agent: admin } = await signUpAdmin(t);
    expect(
      (await admin.get("/api/qr-codes?limit=200")).json().some((q: { id: string }) => q.id === qrA.id),
    ).toBe(true);
  });

  it("lists one store's codes in that store's QR tab, and only for a member of the store", async () => {
    const { agent } = await signUp(t.app);
    const market = await createStoreVia(agent, "Julemarkedet");
    const web = await createStoreVia(agent, "Nettbutikken");
    const forMarket = (
      await agent.post("/api/qr-codes", { url: "https://m.example", storeId: market.id })
    ).json();
    await agent.post("/api/qr-codes", { url: "https://w.example", storeId: web.id });
    await agent.post("/api/qr-codes", { url: "https://flyer.example" });

    const all = (await agent.get("/api/admin/qr-codes")).json();
    expect(all.total).toBe(3);
    const narrowed = (await agent.get(`/api/admin/qr-codes?storeId=${market.id}`)).json();
    expect(narrowed).toMatchObject({
      total: 1,
      items: [{ id: forMarket.id, store: { name: "Julemarkedet" } }],
    });

    const { agent: stranger } = await signUp(t.app);
    expect((await stranger.get(`/api/admin/qr-codes?storeId=${market.id}`)).statusCode).toBe(404);
    const malformed = await agent.get("/api/admin/qr-codes?storeId=not-a-store");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("message");
  });
});
