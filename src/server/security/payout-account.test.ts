/**
 * Audit item 7: a stolen session could point a store's payouts at another account (`POST
 * …/payment-channels` with a new `externalId`) with no password, and nobody was told; `verifiedAt` was
 * never set. Now changing or removing the account money goes to needs the current password (counted per
 * account, as for an e-mail or password change), the store's owners get an e-mail saying so with both
 * accounts masked, and the column that claimed a verification nobody made is gone (decision 0058).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSettings } from "../db/schema";
import { startTestSmtpServer } from "../modules/email/testing";
import { createStoreVia } from "../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../test/harness";

const LOGIN_MAX_ATTEMPTS = 3;
const ORIGIN = "https://torg.example.no";
const SELLERS_ACCOUNT = "acct_1SellersOwn4821";
const THIEFS_ACCOUNT = "acct_1ThiefAccount9999";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: ORIGIN,
    LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let nextAddress = 0;
const freshAddress = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

/** A seller with a store whose card payments go to her own Stripe account. */
async function sellerWithStripe() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const saved = await saveChannel(seller.agent, store.id, {
    provider: "stripe",
    externalId: SELLERS_ACCOUNT,
    currentPassword: seller.password,
  });
  expect(saved.statusCode).toBe(201);
  await t.app.emailOutbox.drain();
  return { ...seller, store };
}

const saveChannel = (agent: Agent, storeId: string, payload: Record<string, unknown>) =>
  agent.request({
    method: "POST",
    url: `/api/stores/${storeId}/payment-channels`,
    remoteAddress: freshAddress(),
    payload,
  });

const removeChannel = (agent: Agent, storeId: string, payload?: Record<string, unknown>) =>
  agent.request({
    method: "DELETE",
    url: `/api/stores/${storeId}/payment-channels/stripe`,
    remoteAddress: freshAddress(),
    ...(payload ? { payload } : {}),
  });

const channelsOf = async (agent: Agent, storeId: string) =>
  (await agent.get(`/api/stores/${storeId}/payment-channels`)).json() as Record<string, unknown>[];

const mailTo = (address: string) =>
  smtp.received.filter((mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === address);

describe("item 7: changing where a store's money goes needs the current password", () => {
  it("a stolen session cannot point payouts at another account or remove them: 400, nothing changes", async () => {
    const { agent, store } = await sellerWithStripe();
    const missing = await saveChannel(agent, store.id, { provider: "stripe", externalId: THIEFS_ACCOUNT });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: "Enter your current password to change where payments go" });
    const wrong = await saveChannel(agent, store.id, {
      provider: "stripe",
      externalId: THIEFS_ACCOUNT,
      currentPassword: "a-guess",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "The current password is incorrect" });
    const vipps = await saveChannel(agent, store.id, { provider: "vipps", externalId: "987654" });
    expect(vipps.statusCode).toBe(400);
    expect((await removeChannel(agent, store.id)).statusCode).toBe(400);
    expect((await removeChannel(agent, store.id, { currentPassword: "a-guess" })).statusCode).toBe(400);

    expect(await channelsOf(agent, store.id)).toEqual([
      expect.objectContaining({ provider: "stripe", externalId: SELLERS_ACCOUNT }),
    ]);
  });

  it("with the password the account changes; turning live mode on for the same account asks for none", async () => {
    const { agent, store, password } = await sellerWithStripe();
    const live = await saveChannel(agent, store.id, {
      provider: "stripe",
      externalId: SELLERS_ACCOUNT,
      isLive: true,
    });
    expect(live.statusCode).toBe(201);
    const moved = await saveChannel(agent, store.id, {
      provider: "stripe",
      externalId: "acct_1SellersNew7777",
      isLive: true,
      currentPassword: password,
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({ externalId: "acct_1SellersNew7777", isLive: true });
    expect((await removeChannel(agent, store.id, { currentPassword: password })).statusCode).toBe(200);
    expect(await channelsOf(agent, store.id)).toEqual([]);
  });

  it("wrong passwords count against the account's limit of current-password checks: then 429", async () => {
    const { agent, store, password } = await sellerWithStripe();
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS; n++) {
      const wrong = await saveChannel(agent, store.id, {
        provider: "stripe",
        externalId: THIEFS_ACCOUNT,
        currentPassword: `guess-${n}`,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await saveChannel(agent, store.id, {
      provider: "stripe",
      externalId: THIEFS_ACCOUNT,
      currentPassword: password,
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect((await channelsOf(agent, store.id))[0]?.externalId).toBe(SELLERS_ACCOUNT);
  });
});

describe("item 7: the owner is told when the payout account changes", () => {
  it("an e-mail in her language names the store and both accounts, masked", async () => {
    const { agent, store, password, user } = await sellerWithStripe();
    await t.database.db
      .insert(userSettings)
      .values({ userId: user.id, language: "nb" })
      .onConflictDoUpdate({ target: userSettings.userId, set: { language: "nb" } });
    const moved = await saveChannel(agent, store.id, {
      provider: "stripe",
      externalId: THIEFS_ACCOUNT,
      currentPassword: password,
    });
    expect(moved.statusCode).toBe(201);
    await t.app.emailOutbox.drain();

    const subject = `Utbetalingskontoen til ${store.name} er endret`;
    // The first account's notice went out in English, before she chose Norwegian.
    const [notice, ...more] = mailTo(user.email).filter((mail) => mail.subject === subject);
    expect(more).toHaveLength(0);
    const text = notice?.text ?? "";
    expect(text).toContain(
      `Betalinger til ${store.name} går nå til Stripe-kontoen acct_…9999, ikke lenger til acct_…4821`,
    );
    expect(text).toContain(`${ORIGIN}/stores/${store.id}`);
    const html = typeof notice?.html === "string" ? notice.html : "";
    for (const part of [text, html]) {
      expect(part).not.toContain(SELLERS_ACCOUNT);
      expect(part).not.toContain(THIEFS_ACCOUNT);
    }
  });

  it("setting up the first account and removing it tell the owner too; live mode alone does not", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const first = await saveChannel(seller.agent, store.id, {
      provider: "vipps",
      externalId: "123456",
      currentPassword: seller.password,
    });
    expect(first.statusCode).toBe(201);
    await saveChannel(seller.agent, store.id, { provider: "vipps", externalId: "123456", isLive: true });
    const removed = await seller.agent.request({
      method: "DELETE",
      url: `/api/stores/${store.id}/payment-channels/vipps`,
      payload: { currentPassword: seller.password },
    });
    expect(removed.statusCode).toBe(200);
    await t.app.emailOutbox.drain();
    const notices = mailTo(seller.user.email).map((mail) => mail.text ?? "");
    // Sent in one pass, in either order.
    expect(notices).toHaveLength(2);
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Payments to ${store.name} now go to Vipps account …56 (changed `),
        expect.stringContaining(`Vipps account …56 was removed from ${store.name}`),
      ]),
    );
  });
});

describe("item 7: no column claims a verification nobody made", () => {
  it("payment_channels has no verified_at, and the channel's answer no verifiedAt", async () => {
    const { agent, store } = await sellerWithStripe();
    const [channel] = await channelsOf(agent, store.id);
    expect(channel).toBeDefined();
    expect(channel).not.toHaveProperty("verifiedAt");
    const columns = await t.database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'payment_channels'`,
    );
    const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map(
      (row) => row.column_name,
    );
    expect(names).toContain("external_id");
    expect(names).not.toContain("verified_at");
  });
});
