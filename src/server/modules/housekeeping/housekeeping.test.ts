import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aiLogs,
  orderItems,
  orderStatusEvents,
  orders,
  productViews,
  rateLimits,
  sessions,
  smsLog,
  smsOutbox,
} from "../../db/schema";
import { createSecurityApp, quickStoreBody, type SecurityApp, validOrder } from "../../security/scenario";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { type Agent, signUp, type TestApp } from "../../test/harness";

let app: SecurityApp;
let t: TestApp;
let uploadDir: string;
beforeAll(async () => {
  app = await createSecurityApp();
  t = app.t;
  uploadDir = t.config.uploadDir ?? "";
});
afterAll(() => app?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function analyse(agent: Agent): Promise<string> {
  const response = await agent.request({
    method: "POST",
    url: "/api/products/analyze",
    ...multipart({}, [
      { field: "productImage", filename: "mug.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().imageUrl as string;
}

/** The files of an uploaded image (every width), as paths in the upload folder. */
const filesOf = (url: string) =>
  fs
    .readdirSync(path.join(uploadDir, "products"))
    .filter((name) => url.includes(name.replace(/-(1600|800|400)\.webp$/, "")))
    .map((name) => path.join(uploadDir, "products", name));

/** Makes an upload look written `days` ago. */
function age(url: string, days: number) {
  const files = filesOf(url);
  expect(files).toHaveLength(3);
  const then = new Date(Date.now() - days * DAY_MS);
  for (const file of files) fs.utimesSync(file, then, then);
}

const served = async (url: string) => (await t.app.inject({ url })).statusCode;

describe("housekeeping", () => {
  it("deletes expired sessions and rate-limit rows that ended a day ago, and keeps the live ones", async () => {
    const { agent, user } = await signUp(t.app);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    const expired = randomBytes(32).toString("hex");
    await t.database.db.insert(sessions).values({ tokenHash: expired, userId: user.id, expiresAt: past });
    const ended = `test:ended:${randomUUID()}`;
    const running = `test:running:${randomUUID()}`;
    // A paced login run (claimPacedAttempt) whose wait just ended still counts its attempts.
    const paced = `test:paced:${randomUUID()}`;
    await t.database.db.insert(rateLimits).values([
      { key: ended, count: 7, resetAt: new Date(Date.now() - 2 * DAY_MS) },
      { key: running, count: 2, resetAt: future },
      { key: paced, count: 12, resetAt: past },
    ]);

    await t.app.housekeeping.run();
    // Twice, as two app servers would: nothing breaks.
    await Promise.all([t.app.housekeeping.run(), t.app.housekeeping.run()]);

    const left = await t.database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.tokenHash)).not.toContain(expired);
    expect(left).toHaveLength(1);
    expect((await agent.get("/api/me")).statusCode).toBe(200);
    const limits = await t.database.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [ended, running, paced]));
    expect(limits.sort((a, b) => a.count - b.count)).toEqual([
      { key: running, count: 2 },
      { key: paced, count: 12 },
    ]);
  });

  it("deletes analysed uploads older than a day that nothing uses; claimed and recent ones stay", async () => {
    const { agent } = await signUp(t.app);
    const [forQuickStore, forProduct, forHero, abandoned, recent] = [
      await analyse(agent),
      await analyse(agent),
      await analyse(agent),
      await analyse(agent),
      await analyse(agent),
    ];
    // Claimed: by a quick-created store (its product and its pictures), by a product added with an
    // analysed photo, and by nothing but a store's hero image.
    const quick = await agent.post("/api/quickstore", quickStoreBody(forQuickStore));
    expect(quick.statusCode, quick.body).toBe(201);
    const storeId = quick.json().store.id as string;
    const added = await agent.request({
      method: "POST",
      url: `/api/stores/${storeId}/products`,
      ...multipart({ title: "Jug", basePrice: "300", imageUrl: forProduct }, []),
    });
    expect(added.statusCode, added.body).toBe(201);
    const hero = await agent.put(`/api/stores/${storeId}`, { heroImageUrl: forHero });
    expect(hero.statusCode, hero.body).toBe(200);
    // A copy of the kind earlier versions wrote next to every analysis and nothing ever showed.
    const enhanced = `enhanced/${randomUUID()}-1600.webp`;
    fs.mkdirSync(path.join(uploadDir, "enhanced"), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, enhanced), "webp");
    const old = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(path.join(uploadDir, enhanced), old, old);
    for (const url of [forQuickStore, forProduct, forHero, abandoned]) age(url, 2);
    expect(await served(abandoned)).toBe(200);

    // A booked parcel's label (decision 0079) is no upload: however old, housekeeping leaves it.
    const label = `labels/${randomUUID()}.pdf`;
    fs.mkdirSync(path.join(uploadDir, "labels"), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, label), "%PDF-1.7");
    fs.utimesSync(path.join(uploadDir, label), old, old);

    const result = await t.app.housekeeping.run();
    expect(result.uploads).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(uploadDir, label))).toBe(true);

    expect(await served(abandoned)).toBe(404);
    expect(filesOf(abandoned)).toEqual([]);
    expect(fs.existsSync(path.join(uploadDir, enhanced))).toBe(false);
    for (const url of [forQuickStore, forProduct, forHero, recent]) {
      expect(await served(url), url).toBe(200);
      expect(filesOf(url)).toHaveLength(3);
    }
    // The shop still shows its pictures.
    const shop = (await agent.get(`/api/stores/${storeId}`)).json();
    expect(shop).toMatchObject({ heroImageUrl: forHero, fallbackHeroImage: forQuickStore });
  });

  it("deletes logos and about photos uploaded a day ago and never saved; the saved look's files stay", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Keramikk Kari");
    const upload = async (kind: "logo" | "about-photo") => {
      const response = await agent.request({
        method: "POST",
        url: `/api/stores/${store.id}/identity/${kind}`,
        ...multipart({}, [
          { field: "image", filename: "look.jpg", body: await sampleJpeg(300, 200), type: "image/jpeg" },
        ]),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { logoImageUrl?: string; imageUrl?: string };
      return body.logoImageUrl ?? body.imageUrl ?? "";
    };
    const savedLogo = await upload("logo");
    const savedPhoto = await upload("about-photo");
    const saved = await agent.put(`/api/stores/${store.id}/identity`, {
      logoImageUrl: savedLogo,
      about: { text: "Thrown by hand in Lofoten.", imageUrl: savedPhoto },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const unsavedLogo = await upload("logo");
    const unsavedPhoto = await upload("about-photo");
    const brandDir = path.join(uploadDir, "brand");
    const brandFiles = () => fs.readdirSync(brandDir).filter((name) => name.startsWith(store.id));
    const before = brandFiles();
    const old = new Date(Date.now() - 2 * DAY_MS);
    for (const name of before) fs.utimesSync(path.join(brandDir, name), old, old);
    // Uploaded just now: a seller may still be about to save it.
    const recentLogo = await upload("logo");

    const result = await t.app.housekeeping.run();

    const fileOf = (url: string) => url.replace("/uploads/brand/", "");
    const photoFiles = (url: string) =>
      before.filter((name) => url.includes(name.replace(/-(1600|800|400)\.webp$/, "")));
    const gone = [fileOf(unsavedLogo), ...photoFiles(unsavedPhoto)];
    expect(photoFiles(unsavedPhoto)).toHaveLength(3);
    expect(result.brandFiles).toBeGreaterThanOrEqual(gone.length);
    expect(brandFiles().sort()).toEqual(
      [...before.filter((name) => !gone.includes(name)), fileOf(recentLogo)].sort(),
    );
    // The saved look is whole: the logo, what was made from it, the about photo in every width.
    const look = (await agent.get(`/api/stores/${store.id}/identity`)).json() as {
      logoImageUrl: string;
      brandAssets: Record<string, string>;
      about: { imageUrl: string };
    };
    for (const url of [look.logoImageUrl, ...Object.values(look.brandAssets), look.about.imageUrl]) {
      expect(await served(url), url).toBe(200);
    }
    expect(photoFiles(savedPhoto)).toHaveLength(3);
    expect(await served(unsavedLogo)).toBe(404);
  });

  it("deletes an unchosen improved copy after the same day as an unclaimed upload, and keeps a chosen one", async () => {
    const { agent } = await signUp(t.app);
    const aloe = fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures/aloe-pot.jpg"));
    const analyseAloe = async () => {
      const response = await agent.request({
        method: "POST",
        url: "/api/products/analyze",
        ...multipart({}, [{ field: "productImage", filename: "aloe.jpg", body: aloe }]),
      });
      expect(response.statusCode, response.body).toBe(200);
      const { imageUrl, enhancedImageUrl } = response.json();
      expect(enhancedImageUrl).toMatch(/-1600\.webp$/);
      return { imageUrl: imageUrl as string, enhancedImageUrl: enhancedImageUrl as string };
    };
    const [improvedChosen, originalChosen, recent] = [
      await analyseAloe(),
      await analyseAloe(),
      await analyseAloe(),
    ];
    const store = await createStoreVia(agent);
    for (const imageUrl of [improvedChosen.enhancedImageUrl, originalChosen.imageUrl]) {
      const added = await agent.request({
        method: "POST",
        url: `/api/stores/${store.id}/products`,
        ...multipart({ title: "Aloe", basePrice: "300", imageUrl }, []),
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const url of [
      improvedChosen.imageUrl,
      improvedChosen.enhancedImageUrl,
      originalChosen.imageUrl,
      originalChosen.enhancedImageUrl,
    ])
      age(url, 2);
    // Younger than a day: may still be chosen.
    age(recent.enhancedImageUrl, 0.9);

    await t.app.housekeeping.run();

    for (const gone of [improvedChosen.imageUrl, originalChosen.enhancedImageUrl]) {
      expect(await served(gone), gone).toBe(404);
      expect(filesOf(gone)).toEqual([]);
    }
    for (const kept of [improvedChosen.enhancedImageUrl, originalChosen.imageUrl, recent.enhancedImageUrl]) {
      expect(await served(kept), kept).toBe(200);
      expect(filesOf(kept)).toHaveLength(3);
    }
  });

  it("deletes AI logs, SMS logs, finished texts and view counts past their retention; newer ones stay", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const db = t.database.db;
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const dayAgo = (days: number) => ago(days).toISOString().slice(0, 10);
    // Defaults: AI logs 180 days, SMS 90 days, view counts 730 days.
    const [, newAi] = await db
      .insert(aiLogs)
      .values([
        { endpoint: "analyze", storeId: store.id, createdAt: ago(181) },
        { endpoint: "analyze", storeId: store.id, createdAt: ago(179) },
      ])
      .returning({ id: aiLogs.id });
    const sms = (days: number) => ({
      storeId: store.id,
      toNumber: "+4791345678",
      message: "Hei",
      purpose: "seller_new_order",
      status: "logged",
      createdAt: ago(days),
    });
    const [, newSms] = await db
      .insert(smsLog)
      .values([sms(91), sms(89)])
      .returning({ id: smsLog.id });
    const outbox = (days: number, status: string) => ({
      storeId: store.id,
      toNumber: "+4791345678",
      purpose: "seller_new_order",
      status,
      createdAt: ago(days),
    });
    const [oldSent, oldFailed, oldPending, newSent] = await db
      .insert(smsOutbox)
      .values([outbox(91, "sent"), outbox(91, "failed"), outbox(91, "pending"), outbox(89, "sent")])
      .returning({ id: smsOutbox.id });
    await db.insert(productViews).values([
      { productId: product.id, storeId: store.id, day: dayAgo(731), views: 3 },
      { productId: product.id, storeId: store.id, day: dayAgo(729), views: 4 },
    ]);

    await t.app.housekeeping.run();

    const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id).sort();
    expect(ids(await db.select({ id: aiLogs.id }).from(aiLogs).where(eq(aiLogs.storeId, store.id)))).toEqual([
      newAi?.id,
    ]);
    expect(ids(await db.select({ id: smsLog.id }).from(smsLog).where(eq(smsLog.storeId, store.id)))).toEqual([
      newSms?.id,
    ]);
    const outboxLeft = ids(
      await db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.storeId, store.id)),
    );
    // A text still waiting to be sent is not a log: it stays whatever its age.
    expect(outboxLeft).toEqual([oldPending?.id, newSent?.id].sort());
    expect(outboxLeft).not.toContain(oldSent?.id);
    expect(outboxLeft).not.toContain(oldFailed?.id);
    const views = await db
      .select({ day: productViews.day })
      .from(productViews)
      .where(eq(productViews.storeId, store.id));
    expect(views.map((row) => row.day)).toEqual([dayAgo(729)]);
  });

  it("erases buyer contact details from orders older than five years and keeps the order for bookkeeping", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);
    const place = async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: validOrder(store.id, product.id),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const [oldId, newId] = [await place(), await place()];
    const db = t.database.db;
    const moved = (years: number, days: number) => {
      const at = new Date();
      at.setUTCFullYear(at.getUTCFullYear() - years);
      return new Date(at.getTime() + days * DAY_MS);
    };
    await db
      .update(orders)
      .set({ placedAt: moved(5, -1) })
      .where(eq(orders.id, oldId));
    await db
      .update(orders)
      .set({ placedAt: moved(5, 1) })
      .where(eq(orders.id, newId));
    expect((await agent.patch(`/api/orders/${oldId}/status`, { status: "paid" })).statusCode).toBe(200);

    expect((await t.app.housekeeping.run()).anonymisedOrders).toBe(1);
    expect((await t.app.housekeeping.run()).anonymisedOrders).toBe(0);

    const old = (await agent.get(`/api/orders/${oldId}`)).json();
    expect(old).toMatchObject({
      buyerEmail: "",
      shipToName: "",
      shipToPhone: "",
      shipToAddr: null,
      status: "paid",
    });
    expect(old.totalGross).toBe(product.basePrice);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, oldId))).toHaveLength(1);
    expect(
      await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, oldId)),
    ).not.toHaveLength(0);
    const recent = (await agent.get(`/api/orders/${newId}`)).json();
    expect(recent).toMatchObject({ buyerEmail: "kunde@example.no", shipToName: "Nora Kunde" });
  });
});
