/**
 * Issue 7, authorization matrix: every registered route × {anonymous, another seller, store member,
 * platform admin}, against resources owned by the member (decision 0004: another seller gets 404, a visitor 401
 * on signed-in routes; public routes answer everyone).
 *
 * The route list comes from the app itself (see route-inventory.ts: a real onRoute hook on a wrapped
 * fastify factory), so a route added without a rule here fails "every registered route has a rule",
 * naming it. A rule whose route is gone fails "every rule names a registered route".
 *
 * Write routes get a valid body, so the status reflects authorization, not validation. Routes that
 * delete or end something get a throwaway resource or session per request, so the seed stays intact.
 * When this was written the app registered 91 method + path pairs: the 59 below and 32 HEAD twins of GETs.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { giftCards, storeContactEmailConfirmations, storeDomains } from "../db/schema";
import { giftCardOf } from "../modules/gift-cards/testing";
import { storeBookedShipment } from "../modules/shipping/testing";
import { lastPhoneCode } from "../modules/sms/testing";
import { type FakeDns, startFakeDns } from "../test/fakes/dns-server";
import { multipart, sampleJpeg } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/harness";
import { EXCLUDED_ROUTES, recordedRoutesOf, routeKeysOf } from "./route-inventory";
import {
  ACTORS,
  type Actor,
  type ActorName,
  createSecurityApp,
  defaultParams,
  fillPath,
  freshSession,
  memberIds,
  quickStoreBody,
  resources,
  type SecurityApp,
  type Seed,
  seedScenario,
  send,
  validOrder,
} from "./scenario";

vi.mock("fastify", async (importOriginal) =>
  (await import("./route-inventory")).withRouteRecorder(await importOriginal()),
);

type Expected = number | readonly number[];
type Expectations = Record<ActorName, Expected>;

interface Ctx {
  t: TestApp;
  seed: Seed;
  make: ReturnType<typeof resources>;
}

interface RequestParts {
  params?: Record<string, string>;
  query?: string;
  payload?: InjectOptions["payload"];
  headers?: Record<string, string>;
}

interface Rule {
  expect: Expectations;
  /** Body, query and path params for one actor; by default the path points at the member's resources. */
  request?: (ctx: Ctx, actor: Actor) => Promise<RequestParts> | RequestParts;
  /** A 2xx answer to another seller must not contain any of the member's ids. */
  privateData?: boolean;
  /** The request ends sessions: it is sent with a throwaway session, and the actors sign in again after. */
  endsSessions?: boolean;
}

const everyone = (status: Expected): Expectations => ({
  anonymous: status,
  other: status,
  member: status,
  admin: status,
});
/** Needs an account; about the caller's own data, so every signed-in actor gets it. */
const signedIn = (status: Expected): Expectations => ({
  anonymous: 401,
  other: status,
  member: status,
  admin: status,
});
/** About the member's store or something in it: another seller gets 404 (decision 0004), a platform admin gets in. */
const storeScoped = (status: Expected): Expectations => ({
  anonymous: 401,
  other: 404,
  member: status,
  admin: status,
});

const json = (payload: unknown): RequestParts => ({ payload: payload as InjectOptions["payload"] });

/** A Bring connection without its API key (the first save needs one: 400 before Bring is asked). */
const carrierBody = () => ({
  provider: "bring",
  apiUid: "mybring@torg.test",
  customerNumber: "20012345678",
  sender: { name: "Leirverkstedet", street: "Storgata 1", postalCode: "0155", city: "Oslo" },
  services: [{ code: "5800" }],
  defaultWeightGrams: 1000,
});

let phones = 0;
/** A throwaway store of the member's with an SMS phone of its own (texts per number are limited). */
async function storeWithPhone({ t, seed, make }: Ctx): Promise<string> {
  const store = await make.store();
  const phone = `+4792${String(++phones).padStart(6, "0")}`;
  const saved = await send(t, seed.actors.member, {
    method: "PUT",
    url: `/api/stores/${store.id}`,
    payload: { phone },
  });
  if (saved.statusCode !== 200) throw new Error(`phone not saved: ${saved.statusCode} ${saved.body}`);
  return store.id;
}

let contacts = 0;
/** A throwaway store of the member's whose contact address waits for its link (decision 0066). */
async function storeWithPendingContact({ t, seed, make }: Ctx): Promise<string> {
  const store = await make.store();
  const saved = await send(t, seed.actors.member, {
    method: "PUT",
    url: `/api/stores/${store.id}`,
    payload: { contactEmail: `kontakt-${++contacts}-${randomUUID().slice(0, 6)}@example.no` },
  });
  if (saved.statusCode !== 200) throw new Error(`contact not saved: ${saved.statusCode} ${saved.body}`);
  return store.id;
}

/** Such a store and a link's token for it, as the e-mail carries it (its hash put where the link's is). */
async function pendingContactToken(ctx: Ctx) {
  const id = await storeWithPendingContact(ctx);
  const token = randomBytes(32).toString("base64url");
  await ctx.t.database.db
    .update(storeContactEmailConfirmations)
    .set({ tokenHash: createHash("sha256").update(token).digest("hex") })
    .where(eq(storeContactEmailConfirmations.storeId, id));
  return { params: { id }, payload: { token } };
}

/** A stall sale of the member's, paid in cash at once (decision 0077): its payment can no longer change. */
async function paidStallSale({ t, seed }: Ctx): Promise<string> {
  const response = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${seed.store.id}/sales`,
    payload: {
      clientSaleId: randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ title: "Matrix bowl", unitPrice: "100", qty: 1 }],
      payment: { method: "cash" },
    },
  });
  if (response.statusCode !== 201) throw new Error(`stall sale: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}

async function productForm(fields: Record<string, string> = {}) {
  return multipart({ title: "Matrix mug", basePrice: "120", ...fields }, [
    { field: "image", filename: "mug.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
  ]);
}

/**
 * A fresh order of the member's store, and the token of its order page (from the answer's publicUrl).
 * For a fresh product: the seed product's stock runs out (decision 0032).
 */
async function orderToken(make: Ctx["make"], seed: Seed): Promise<string> {
  const product = await make.product(seed.store.id);
  const order = (await make.order(product.id)) as { id: string; publicUrl?: string };
  const token = order.publicUrl?.split("/order/")[1];
  if (!token) throw new Error("the order's answer carries no order page address");
  return token;
}

/** A throwaway product of the member's with a second photo, so one of them can be removed (decision 0033). */
async function productWithTwoPhotos({ t, seed, make }: Ctx) {
  const product = await make.product();
  const form = multipart({}, [
    { field: "image", filename: "side.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
  ]);
  const added = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/products/${product.id}/images`,
    ...form,
  });
  if (added.statusCode !== 200) throw new Error(`photo not added: ${added.statusCode} ${added.body}`);
  const { images } = added.json() as { images: { id: string }[] };
  return { id: product.id, imageIds: images.map((image) => image.id) };
}

let domains = 0;
/** A name no other request of the matrix uses. */
const matrixDomain = () => `www.matrix-${++domains}-${randomUUID().slice(0, 6)}.test`;

/** A throwaway domain of a throwaway store of the member's (decision 0080), in the given state. */
async function memberDomain({ t, make }: Ctx, status: "pending" | "verified" = "pending") {
  const store = await make.store();
  const domain = matrixDomain();
  const [row] = await t.database.db
    .insert(storeDomains)
    .values({
      storeId: store.id,
      domain,
      token: "matrix-token",
      targetHost: "localhost",
      records: [{ type: "CNAME", name: domain, value: "localhost" }],
      status,
      verifiedAt: status === "verified" ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error("domain not inserted");
  return row;
}

/** A throwaway discount code of the member's store (decision 0076), so each request may change or delete it. */
/** A new order of the member's store with a booked parcel and its label (no carrier is called). */
async function bookedOrder({ t, seed, make }: Ctx): Promise<string> {
  const order = await make.order(seed.product.id);
  await storeBookedShipment(t, { id: order.id, storeId: seed.store.id });
  return order.id;
}

async function memberDiscount({ t, seed }: Ctx) {
  const created = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${seed.store.id}/discounts`,
    payload: discountBody(),
  });
  if (created.statusCode !== 201) throw new Error(`code not made: ${created.statusCode} ${created.body}`);
  return { params: { id: (created.json() as { id: string }).id }, ...json(discountBody()) };
}
const discountBody = () => ({ code: `M${randomUUID().slice(0, 8)}`, kind: "percent", value: 10 });

/** A stall sale body (decision 0077): a free amount, so no stock runs out however often it is sent. */
const saleBody = () => ({
  clientSaleId: randomUUID(),
  soldAt: new Date().toISOString(),
  items: [{ title: "Matrix", unitPrice: "10", qty: 1 }],
  payment: { method: "cash" },
});

/** A stall sale of the member's store. */
async function memberSale({ t, seed }: Ctx) {
  const made = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${seed.store.id}/sales`,
    payload: saleBody(),
  });
  if (made.statusCode !== 201) throw new Error(`sale not made: ${made.statusCode} ${made.body}`);
  return { params: { id: (made.json() as { id: string }).id } };
}

/** A market of a throwaway store of the member's, open, so each request may close its own. */
async function memberMarket({ t, seed, make }: Ctx) {
  const store = await make.store();
  const opened = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${store.id}/market-sessions`,
    payload: { name: "Matrix market", openingCash: "100" },
  });
  if (opened.statusCode !== 201) throw new Error(`market not opened: ${opened.statusCode} ${opened.body}`);
  return { params: { id: (opened.json() as { id: string }).id }, ...json({ countedCash: "100" }) };
}

/** A paid cash sale at the member's stall (issue 30), so each request may give its own back. */
async function memberStallSale(ctx: Ctx) {
  return { ...(await memberSale(ctx)), ...json({ clientRefundId: randomUUID() }) };
}

/** A stall sale of the member's store with a body for a route about it (the receipt, the buyer). */
async function memberSaleWith(ctx: Ctx, payload: unknown) {
  return { ...(await memberSale(ctx)), ...json(payload) };
}

const RULES: Record<string, Rule> = {
  // Public infrastructure.
  "GET /api/health": { expect: everyone(200) },
  // Prometheus figures: a bearer token of their own (the suite's app has one); no session opens them,
  // a platform admin's included. The token itself is tested in observability.test.ts.
  "GET /metrics": { expect: everyone(401) },
  "GET /api/auth/options": { expect: everyone(200) },

  // Accounts (decision 0002, decision 0003). Register and login are open to everyone; a signed-in caller simply gets a new session.
  "POST /api/register": {
    expect: everyone(201),
    request: () =>
      json({
        fullName: "New Maker",
        email: `new-${randomUUID().slice(0, 8)}@example.no`,
        password: "a-strong-password",
      }),
  },
  "POST /api/login": {
    expect: everyone(200),
    endsSessions: true,
    request: ({ seed }, actor) => {
      const who = actor.user ? actor : seed.actors.member;
      return json({ email: who.user?.email, password: who.password });
    },
  },
  "POST /api/logout": { expect: everyone(200), endsSessions: true },
  // Public, and the same answer for every address (decision 0065).
  "POST /api/password-reset": {
    expect: everyone(202),
    request: () => json({ email: `reset-${randomUUID().slice(0, 8)}@example.no` }),
  },
  // The link is the credential, not the session: a link nobody was sent is refused for everyone alike.
  "POST /api/password-reset/confirm": {
    expect: everyone(400),
    request: () => json({ token: "not-a-link-anyone-got", password: "a-strong-password" }),
  },
  "POST /api/email-verification": { expect: signedIn([202, 409]) },
  "POST /api/email-verification/confirm": {
    expect: everyone(400),
    request: () => json({ token: "not-a-link-anyone-got" }),
  },
  "GET /api/me": { expect: signedIn(200) },
  "GET /api/users/me": { expect: signedIn(200) },
  // The caller's own data as a .tar.gz: the leak check reads it unpacked.
  // An address with no orders: the seed's order keeps its buyer.
  "POST /api/stores/:id/erase-shopper": {
    expect: storeScoped(200),
    request: () => json({ email: "nobody-here@example.no" }),
  },
  "GET /api/me/export": { expect: signedIn(200), privateData: true },
  // Deleting an account: only a session reaches the password check. A wrong password here (400), sent
  // on a throwaway session, so the seed's accounts survive; the deletion itself is privacy.test.ts's.
  "DELETE /api/me": {
    expect: signedIn(400),
    endsSessions: true,
    request: () => json({ password: "not-the-password" }),
  },
  "POST /api/users/me/password": {
    expect: signedIn(200),
    endsSessions: true,
    // The same password again: the route's authorization and its session effects, not a new secret.
    request: ({ seed }, actor) =>
      json({
        currentPassword: actor.password ?? seed.actors.member.password,
        newPassword: actor.password ?? seed.actors.member.password,
      }),
  },
  // Another account's profile: 403 "You can only update your own account", the same for any id that is
  // not the caller's, so it tells nothing about which ids exist (admins are no exception).
  "PUT /api/users/:id": {
    expect: { anonymous: 401, other: 403, member: 200, admin: 403 },
    request: ({ seed }) =>
      json({ fullName: seed.actors.member.user?.fullName, email: seed.actors.member.user?.email }),
  },
  "GET /api/settings": { expect: signedIn(200) },
  "PUT /api/settings": { expect: signedIn(200), request: () => json({ theme: "dark" }) },

  // Dashboard and notifications: the caller's own stores only.
  "GET /api/dashboard/summary": { expect: signedIn(200), privateData: true },
  "GET /api/notifications": { expect: signedIn(200), privateData: true },
  "POST /api/notifications/seen": { expect: signedIn(200) },

  // Stores.
  "GET /api/stores": { expect: signedIn(200), privateData: true },
  "POST /api/stores": {
    expect: signedIn(201),
    request: () => json({ name: "Another store", slug: `another-${randomUUID().slice(0, 8)}` }),
  },
  "GET /api/stores/slug-availability": {
    expect: signedIn(200),
    request: () => ({ query: "slug=some-shop" }),
  },
  "GET /api/stores/slug/:slug": { expect: everyone(200) },
  "GET /api/stores/:id": { expect: storeScoped(200) },
  "PUT /api/stores/:id": {
    expect: storeScoped(200),
    request: () => json({ description: "Stoneware from Voss." }),
  },
  "DELETE /api/stores/:id": {
    expect: storeScoped(200),
    request: async ({ make }) => ({ params: { id: (await make.store()).id } }),
  },
  "GET /api/stores/:id/payment-channels": { expect: storeScoped(200) },
  // Where a store's money goes changes only with the caller's own password (decision 0058).
  "POST /api/stores/:id/payment-channels": {
    expect: storeScoped(201),
    request: (_ctx, actor) =>
      json({ provider: "vipps", externalId: "123456", currentPassword: actor.password }),
  },
  "DELETE /api/stores/:id/payment-channels/:provider": {
    expect: storeScoped(200),
    request: async ({ make }, actor) => {
      const store = await make.store();
      await make.paymentChannel("stripe", store.id);
      return {
        params: { id: store.id, provider: "stripe" },
        ...json({ currentPassword: actor.password }),
      };
    },
  },
  "GET /api/stores/:id/finn-listing": { expect: storeScoped(200) },
  // Payments (decision 0034): whether each channel can take payments is the store's; what the checkout
  // offers is public (no platform keys here: nothing).
  "GET /api/stores/:id/payment-readiness": { expect: storeScoped(200) },
  "GET /api/stores/:id/payment-methods": { expect: everyone(200) },
  // The checkout's carrier questions (decision 0079): public, as the checkout is; the seed store has
  // no carrier connected (404 whoever asks).
  "GET /api/stores/:id/shipping-options": {
    expect: everyone(404),
    request: ({ seed }) => ({
      query: `postalCode=0155&items=${encodeURIComponent(JSON.stringify([{ productId: seed.product.id, qty: 1 }]))}`,
    }),
  },
  "POST /api/stores/:id/shipping-options": {
    expect: everyone(404),
    request: ({ seed }) => json({ postalCode: "0155", items: [{ productId: seed.product.id, qty: 1 }] }),
  },
  "GET /api/stores/:id/pickup-points": {
    expect: everyone(404),
    request: () => ({ query: "postalCode=0155" }),
  },
  // The shopper's payment, read and retried with the order's secret token (decision 0026): public. An
  // order paid by hand has no channel to retry with (400).
  "GET /api/orders/by-token/:token/payment": { expect: everyone(200) },
  "POST /api/orders/by-token/:token/payment": { expect: everyone(400), request: () => json({}) },
  // Providers' webhooks: public, verified by signature; a provider without platform keys has none (404).
  "POST /api/payments/vipps/webhook": { expect: everyone(404), request: () => json({ msn: "123456" }) },
  "POST /api/payments/stripe/webhook": { expect: everyone(404), request: () => json({ id: "evt_1" }) },
  // Texting a code to a store's phone, and typing it in, are the store's members' (and an admin's).
  "POST /api/stores/:id/phone-verification": {
    expect: storeScoped(202),
    request: async (ctx) => ({ params: { id: await storeWithPhone(ctx) } }),
  },
  "POST /api/stores/:id/phone-verification/confirm": {
    expect: storeScoped(200),
    request: async (ctx) => {
      const id = await storeWithPhone(ctx);
      const sent = await send(ctx.t, ctx.seed.actors.member, {
        method: "POST",
        url: `/api/stores/${id}/phone-verification`,
      });
      if (sent.statusCode !== 202) throw new Error(`code not sent: ${sent.statusCode} ${sent.body}`);
      return { params: { id }, payload: { code: await lastPhoneCode(ctx.t, id) } };
    },
  },
  // A contact address's link is sent again by the store's members; opening it needs only its token.
  "POST /api/stores/:id/contact-email/resend": {
    expect: storeScoped(202),
    request: async (ctx) => ({ params: { id: await storeWithPendingContact(ctx) } }),
  },
  "POST /api/stores/:id/contact-email/confirm": { expect: everyone(200), request: pendingContactToken },
  "GET /api/stores/:id/orders": { expect: storeScoped(200) },
  // Delivery options and the accountant's CSV (decision 0036): the store's members only.
  "GET /api/stores/:id/delivery-options": { expect: storeScoped(200) },
  "PUT /api/stores/:id/delivery-options": {
    expect: storeScoped(200),
    // An empty list: the seed store keeps checking out without a delivery choice for the other rules.
    request: () => json([]),
  },
  // The store's Bring account (decision 0079): its members only, as its payment settings. A first save
  // without a key is refused before Bring is asked, so the member's 400 holds with or without Bring here.
  "GET /api/stores/:id/carrier": { expect: storeScoped(200) },
  "PUT /api/stores/:id/carrier": {
    expect: storeScoped(400),
    request: async ({ make }) => ({ params: { id: (await make.store()).id }, ...json(carrierBody()) }),
  },
  "DELETE /api/stores/:id/carrier": { expect: storeScoped(200) },
  // The shop's look (decision 0080): its members only. A logo or about photo is uploaded, not saved.
  "GET /api/stores/:id/identity": { expect: storeScoped(200) },
  "PUT /api/stores/:id/identity": {
    expect: storeScoped(200),
    request: () => json({ brandColor: "#b04a2f", fontPairing: "warm", about: { text: "Made by hand" } }),
  },
  "POST /api/stores/:id/identity/logo": {
    expect: storeScoped(200),
    request: async () =>
      multipart({}, [
        { field: "image", filename: "logo.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
  },
  "POST /api/stores/:id/identity/about-photo": {
    expect: storeScoped(200),
    request: async () =>
      multipart({}, [
        { field: "image", filename: "me.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
  },
  // Discount codes (decision 0076): the store's members only; a code of another's store is a 404.
  "GET /api/stores/:id/discounts": { expect: storeScoped(200) },
  "POST /api/stores/:id/discounts": { expect: storeScoped(201), request: () => json(discountBody()) },
  "PUT /api/discounts/:id": { expect: storeScoped(200), request: memberDiscount },
  "DELETE /api/discounts/:id": { expect: storeScoped(200), request: memberDiscount },
  // A shop's own domains (decision 0080): the store's members only; another seller's domain is a 404.
  // Checks ask the local DNS server, which holds none of these names (pending, 200).
  "GET /api/stores/:id/domains": { expect: storeScoped(200) },
  "POST /api/stores/:id/domains": {
    expect: storeScoped(201),
    request: async ({ make }) => ({
      params: { id: (await make.store()).id },
      ...json({ domain: matrixDomain() }),
    }),
  },
  "POST /api/domains/:id/check": {
    expect: storeScoped(200),
    request: async (ctx) => ({ params: { id: (await memberDomain(ctx)).id } }),
  },
  "DELETE /api/domains/:id": {
    expect: storeScoped(200),
    request: async (ctx) => ({ params: { id: (await memberDomain(ctx)).id } }),
  },
  // Caddy's on-demand TLS ask: public (the proxy has no session); 200 for a verified domain.
  "GET /api/domains/tls-allowed": {
    expect: everyone(200),
    request: async (ctx) => ({ query: `domain=${(await memberDomain(ctx, "verified")).domain}` }),
  },
  // The cash-register rules and the MVA threshold measured on a store's sales (decision 0078): members only.
  "GET /api/stores/:id/thresholds": { expect: storeScoped(200), privateData: true },
  // A stall sale's receipt sent to the buyer and the buyer's details (decision 0077): the store's members.
  "POST /api/sales/:id/receipt": {
    expect: storeScoped(202),
    request: (ctx) => memberSaleWith(ctx, { email: "kjoper@example.no" }),
  },
  "PUT /api/sales/:id/buyer": {
    expect: storeScoped(200),
    request: (ctx) => memberSaleWith(ctx, { name: "Kari Nordmann", address: "Fjordveien 2, 5003 Bergen" }),
    privateData: true,
  },
  // Gift cards (decision 0076): the offer and the cards are the store's; a balance is anyone's with the code.
  "GET /api/stores/:id/gift-card-settings": { expect: storeScoped(200) },
  "PUT /api/stores/:id/gift-card-settings": {
    expect: storeScoped(200),
    request: () =>
      json({ enabled: false, amounts: ["500"], customMin: null, customMax: null, validityMonths: 36 }),
  },
  "GET /api/stores/:id/gift-cards": { expect: storeScoped(200), privateData: true },
  "PUT /api/gift-cards/:id": {
    expect: storeScoped(200),
    request: async ({ t, seed }) => ({
      params: { id: await giftCardOf(t, seed.store.id) },
      ...json({ action: "void" }),
    }),
  },
  "GET /api/stores/:id/gift-cards/balance": {
    expect: everyone(200),
    request: async ({ t, seed }) => {
      const id = await giftCardOf(t, seed.store.id);
      const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, id));
      return { query: `code=${card?.code}` };
    },
  },
  // The market stall (decision 0077): the store's members only; another's sale is a 404.
  "POST /api/stores/:id/sales": { expect: storeScoped(201), request: () => json(saleBody()) },
  "GET /api/stores/:id/sales": { expect: storeScoped(200), privateData: true },
  "GET /api/sales/:id": { expect: storeScoped(200), privateData: true, request: memberSale },
  "GET /api/stores/:id/market/catalogue": { expect: storeScoped(200), privateData: true },
  "GET /api/stores/:id/sales-report": {
    expect: storeScoped(200),
    request: () => ({ query: "month=2026-11" }),
  },
  // The market stall's back office (issue 30): markets, returns and the day report are the store's.
  "GET /api/stores/:id/market-sessions": { expect: storeScoped(200), privateData: true },
  "POST /api/stores/:id/market-sessions": {
    expect: storeScoped(201),
    // A store of its own per request: a store has one open market at a time.
    request: async ({ make }) => ({
      params: { id: (await make.store()).id },
      ...json({ name: "Matrix market" }),
    }),
  },
  "PUT /api/market-sessions/:id": { expect: storeScoped(200), request: memberMarket },
  "POST /api/sales/:id/refund": { expect: storeScoped(200), request: memberStallSale, privateData: true },
  "GET /api/stores/:id/day-report": { expect: storeScoped(200), privateData: true },
  // The storefront's product list is public; members also see inactive products (checked elsewhere).
  "GET /api/stores/:id/products": { expect: everyone(200) },
  "POST /api/stores/:id/products": {
    expect: storeScoped(201),
    request: async () => productForm(),
  },

  // Products.
  "GET /api/products": { expect: signedIn(200), privateData: true },
  "GET /api/products/:id": { expect: everyone(200) },
  "PUT /api/products/:id": {
    expect: storeScoped(200),
    request: () => json({ title: "Stoneware mug" }),
  },
  "PUT /api/products/:id/variants": {
    expect: storeScoped(200),
    // A product of its own: options on the seed product would make every later order name a variant.
    request: async ({ make }) => ({
      params: { id: (await make.product()).id },
      payload: { options: [{ name: "Size", values: ["M"] }], variants: [{ values: ["M"], stockQty: null }] },
    }),
  },
  "DELETE /api/products/:id": {
    expect: storeScoped(200),
    request: async ({ make }) => ({ params: { id: (await make.product()).id } }),
  },
  // A product's photos (decision 0033), each on a throwaway product so the seed keeps its one photo.
  "POST /api/products/:id/images": {
    expect: storeScoped(200),
    request: async ({ make }) => ({
      params: { id: (await make.product()).id },
      ...multipart({}, [
        { field: "image", filename: "side.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
    }),
  },
  "DELETE /api/products/:id/images/:imageId": {
    expect: storeScoped(200),
    request: async (ctx) => {
      const product = await productWithTwoPhotos(ctx);
      return { params: { id: product.id, imageId: product.imageIds[1] ?? "" } };
    },
  },
  "PUT /api/products/:id/images/order": {
    expect: storeScoped(200),
    request: async (ctx) => {
      const product = await productWithTwoPhotos(ctx);
      return { params: { id: product.id }, ...json({ imageIds: [...product.imageIds].reverse() }) };
    },
  },
  // decision 0005: analysis is open to visitors (rate limited per client).
  "POST /api/products/analyze": {
    expect: everyone(200),
    request: async () =>
      multipart({}, [
        { field: "productImage", filename: "a.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
  },
  "POST /api/products/analyze-multiple": {
    expect: everyone(200),
    request: async () =>
      multipart({}, [
        { field: "productImages", filename: "a.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
  },

  // Orders: placing one is public (shoppers have no account, decision 0006); reading and changing is the store's.
  "POST /api/orders": {
    expect: everyone(201),
    request: ({ seed }) => json(validOrder(seed.store.id, seed.product.id)),
  },
  // What an order would cost with its codes (decision 0076): public and read-only, like the checkout.
  "POST /api/orders/quote": {
    expect: everyone(200),
    request: ({ seed }) => json({ storeId: seed.store.id, items: [{ productId: seed.product.id, qty: 1 }] }),
  },
  // The shopper's own order, opened with the secret in its page address (decisions 0026, 0037): public.
  "GET /api/orders/by-token/:token": {
    expect: everyone(200),
    request: async ({ make, seed }) => ({ params: { token: await orderToken(make, seed) } }),
  },
  "POST /api/orders/by-token/:token/withdrawal": {
    expect: everyone(200),
    request: async ({ make, seed }) => ({ params: { token: await orderToken(make, seed) } }),
  },
  // The shopper cancels her own unpaid online order with the same token (decision 0063): public. An order
  // paid by hand has no online payment waiting, so it is the shop's to cancel (409).
  "POST /api/orders/by-token/:token/cancel": {
    expect: everyone(409),
    request: async ({ make, seed }) => ({ params: { token: await orderToken(make, seed) } }),
  },
  "GET /api/orders": { expect: signedIn(200), privateData: true },
  "GET /api/orders/recent": { expect: signedIn(200), privateData: true },
  "GET /api/orders/:id": { expect: storeScoped(200) },
  // A stall sale's payment after it was recorded (decision 0077): the sale is paid in cash, so those who may
  // touch it get 409 (nothing left to pay); another seller's 404 and a visitor's 401 come first.
  "POST /api/sales/:id/vipps": {
    expect: storeScoped(409),
    request: async (ctx) => ({ params: { id: await paidStallSale(ctx) }, payload: { method: "vipps_qr" } }),
  },
  "POST /api/sales/:id/pay": {
    expect: storeScoped(409),
    request: async (ctx) => ({ params: { id: await paidStallSale(ctx) }, payload: { method: "cash" } }),
  },
  "POST /api/sales/:id/cancel-payment": {
    expect: storeScoped(409),
    request: async (ctx) => ({ params: { id: await paidStallSale(ctx) } }),
  },
  "PATCH /api/orders/:id/status": {
    expect: storeScoped(200),
    request: async ({ make, seed }) => ({
      params: { id: (await make.order(seed.product.id)).id },
      payload: { status: "paid" },
    }),
  },
  // Booking an order's parcel and its labels (decision 0079): the order's store's members. The seed store
  // has no carrier, so those who may book hear that (400); another seller's 404 and a visitor's 401 first.
  "POST /api/orders/:id/shipment": {
    expect: storeScoped(400),
    request: async ({ make, seed }) => ({
      params: { id: (await make.order(seed.product.id)).id },
      payload: {},
    }),
  },
  "GET /api/orders/:id/shipment/label": {
    expect: storeScoped(200),
    request: async (ctx) => ({ params: { id: await bookedOrder(ctx) } }),
  },
  "POST /api/stores/:id/shipments/labels": {
    expect: storeScoped(200),
    request: async (ctx) => json({ orderIds: [await bookedOrder(ctx)] }),
  },

  // QR codes (decision 0012).
  "GET /api/qr-codes": { expect: signedIn(200), privateData: true },
  // Linking a new code to the member's store is the member's (or an admin's) business.
  "POST /api/qr-codes": {
    expect: storeScoped(201),
    request: ({ seed }) => json({ url: "https://example.no/new", storeId: seed.store.id }),
  },
  "PATCH /api/qr-codes/:id": {
    expect: storeScoped(200),
    request: () => json({ url: "https://example.no/changed" }),
  },
  "DELETE /api/qr-codes/:id": {
    expect: storeScoped(200),
    request: async ({ make }) => ({ params: { id: (await make.qr()).id } }),
  },
  // The printed code's image and its scan are public, like the printed code itself.
  "GET /api/qr-codes/:code/image": { expect: everyone(200) },
  "GET /q/:code": { expect: everyone(302) },

  // AI logs (decision 0009): the caller's own calls and their stores'; admins see all.
  "GET /api/ai-logs": { expect: signedIn(200), privateData: true },
  "GET /api/openai-logs": { expect: signedIn(200), privateData: true },

  // Quick-create: saving needs an account (decision 0005); it makes the caller's own new store.
  "POST /api/quickstore": {
    expect: signedIn(201),
    request: ({ seed }) => json(quickStoreBody(seed.analysedImageUrl)),
  },
  "POST /api/quickstore/multiple": {
    expect: signedIn(201),
    request: ({ seed }) => {
      const { store, product } = quickStoreBody(seed.analysedImageUrl);
      return json({ store, products: [product] });
    },
  },

  // The API's description and its page (decision 0029): public, the same for everyone.
  "GET /api/docs": { expect: everyone(200) },
  "GET /api/docs/openapi.json": { expect: everyone(200) },
  "GET /api/docs/json": { expect: everyone(200) },
  "GET /api/docs/yaml": { expect: everyone(200) },
  "GET /api/docs/static/index.html": { expect: everyone(302) },
  "GET /api/docs/static/swagger-initializer.js": { expect: everyone(200) },
  "GET /api/docs/static/*": { expect: everyone(200), request: () => ({ params: { "*": "index.css" } }) },

  // Server-rendered pages (decision 0031), with and without the trailing slash. This app has no built
  // client, so each answers the JSON 404; with one they render (storefront and account page tests).
  ...Object.fromEntries(
    [
      "/login",
      "/register",
      "/privacy",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
      "/s/:slug",
      "/products/:id",
      "/s/:slug/terms",
      "/s/:slug/gift-card",
      // The seed's store has no about page: its address is "not found" for everyone (decision 0080).
      "/s/:slug/about",
    ]
      .flatMap((url) => [url, `${url}/`])
      .map((url) => [
        `GET ${url}`,
        {
          expect: everyone(404),
          request: ({ seed }: Ctx) => ({ params: { slug: seed.store.slug, id: seed.product.id } }),
        } satisfies Rule,
      ]),
  ),

  // The shopper's order page (decision 0026): public, by its token; without a built client a JSON 404.
  ...Object.fromEntries(
    ["/s/:slug/order/:token", "/s/:slug/order/:token/"].map((url) => [
      `GET ${url}`,
      { expect: everyone(404) } satisfies Rule,
    ]),
  ),

  // The market screen's web app manifest (issue 30): public, fixed, the same for everyone.
  "GET /stores/:id/market/manifest.webmanifest": {
    expect: everyone(200),
    request: ({ seed }) => ({ params: { id: seed.store.id } }),
  },
  // A stall receipt (decision 0077): public, by its token; without a built client a JSON 404.
  ...Object.fromEntries(
    ["/r/:token", "/r/:token/"].map((url) => [`GET ${url}`, { expect: everyone(404) } satisfies Rule]),
  ),

  // A shop page's texts (decision 0048): public files, the same for everyone.
  "GET /shop-texts/:file": { expect: everyone(200) },

  // What search engines and shopping catalogues read (decision 0039): public, the same for everyone.
  "GET /robots.txt": { expect: everyone(200) },
  "GET /sitemap.xml": { expect: everyone(200) },
  "GET /s/:slug/sitemap.xml": { expect: everyone(200) },
  // Product feeds (decision 0080); the first feed address moved to feeds/google.xml for good.
  "GET /s/:slug/feeds/google.xml": { expect: everyone(200) },
  "GET /s/:slug/feeds/meta.csv": { expect: everyone(200) },
  "GET /s/:slug/feed.xml": { expect: everyone(301) },
  // A store's own robots.txt is for its own domain: a store on Torg's address has none.
  "GET /s/:slug/robots.txt": { expect: everyone(404) },

  // Uploaded photos are public files (our own WebP re-encodings).
  "GET /uploads/*": { expect: everyone(200) },

  // Analytics (decision 0010): a seller's page; a store of someone else is a 404. The view beacon is public.
  "GET /api/analytics": {
    expect: storeScoped(200),
    request: ({ seed }) => ({ query: `storeId=${seed.store.id}` }),
  },
  "POST /api/analytics/product-views/:productId": { expect: everyone(204) },

  // Admin dashboard (decision 0004): open to every signed-in user, scoped to their own data; admins see all.
  "GET /api/admin/stores": { expect: signedIn(200), privateData: true },
  "GET /api/admin/products": { expect: signedIn(200), privateData: true },
  "GET /api/admin/orders": { expect: signedIn(200), privateData: true },
  "GET /api/admin/ai-logs": { expect: signedIn(200), privateData: true },
  "GET /api/admin/email-logs": { expect: signedIn(200), privateData: true },
  "GET /api/admin/qr-codes": { expect: signedIn(200), privateData: true },
};

let app: SecurityApp;
let ctx: Ctx;
let dns: FakeDns;

beforeAll(async () => {
  // The domain checks ask a local DNS server, never the machine's.
  dns = await startFakeDns();
  app = await createSecurityApp({
    METRICS_TOKEN: "matrix-metrics-token-0123456789",
    DNS_SERVERS: dns.server,
  });
  const seed = await seedScenario(app.t);
  ctx = { t: app.t, seed, make: resources(app.t, seed) };
}, 180_000);
afterAll(async () => {
  await app?.close();
  await dns?.close();
});

describe("route inventory", () => {
  it("every registered route has a rule", () => {
    const missing = routeKeysOf(ctx.t.app).filter((key) => !(key in RULES));
    expect(missing, `routes without an authorization rule: ${missing.join(", ")}`).toEqual([]);
  });

  it("every rule names a registered route", () => {
    const registered = new Set(routeKeysOf(ctx.t.app));
    const stale = Object.keys(RULES).filter((key) => !registered.has(key));
    expect(stale, `rules for routes the app does not have: ${stale.join(", ")}`).toEqual([]);
  });

  it("the recorder saw the whole app (the HEAD twins and nothing but the exclusions left out)", () => {
    const all = recordedRoutesOf(ctx.t.app);
    const excluded = all.filter((route) => EXCLUDED_ROUTES.some((rule) => rule.matches(route)));
    expect(excluded.every((route) => route.method === "HEAD")).toBe(true);
    // Every excluded HEAD is the twin of a GET with a rule.
    // (A plugin's "/" route under a prefix answers with and without the slash: /api/docs and /api/docs/.)
    for (const head of excluded)
      expect(
        RULES[`GET ${head.url}`] ?? RULES[`GET ${head.url.replace(/(.)\/$/, "$1")}`],
        head.url,
      ).toBeDefined();
    for (const key of Object.keys(RULES)) {
      const [method, url] = key.split(" ") as [InjectOptions["method"], string];
      expect(ctx.t.app.hasRoute({ method: method as "GET", url }), key).toBe(true);
    }
  });
  it("with a built client, the static file routes are the only extra routes, and they are excluded", async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-matrix-web-"));
    fs.mkdirSync(path.join(webRoot, "assets"));
    fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Torg</title>");
    fs.writeFileSync(path.join(webRoot, "favicon.svg"), "<svg></svg>");
    fs.writeFileSync(path.join(webRoot, "assets", "index-abc.js"), "export {};");
    const withClient = await createTestApp({ WEB_ROOT: webRoot });
    try {
      const statics = recordedRoutesOf(withClient.app).filter((route) =>
        EXCLUDED_ROUTES.some((rule) => rule.matches(route) && route.method === "GET"),
      );
      expect(statics.map((route) => `${route.method} ${route.url}`)).toContain("GET /assets/index-abc.js");
      expect(routeKeysOf(withClient.app)).toEqual(routeKeysOf(ctx.t.app));
    } finally {
      await withClient.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  }, 60_000);
});

const matches = (expected: Expected, status: number) =>
  typeof expected === "number" ? status === expected : expected.includes(status);

async function signInAgain(actors: Actor[]) {
  for (const actor of actors) {
    if (!actor.token) continue;
    const me = await send(ctx.t, actor, { method: "GET", url: "/api/me" });
    if (me.statusCode === 401) actor.token = await freshSession(ctx.t, actor);
  }
}

describe("authorization matrix", () => {
  it.each(Object.keys(RULES))(
    "%s",
    async (key) => {
      const rule = RULES[key] as Rule;
      const [method, url] = key.split(" ") as [string, string];
      const observed: Partial<Record<ActorName, number | string>> = {};
      const wanted: Partial<Record<ActorName, number | string>> = {};
      const leaks: string[] = [];
      for (const name of ACTORS) {
        const main = ctx.seed.actors[name];
        const actor: Actor =
          rule.endsSessions && main.token ? { ...main, token: await freshSession(ctx.t, main) } : main;
        const parts = (await rule.request?.(ctx, actor)) ?? {};
        const path = fillPath(url, { ...defaultParams(url, ctx.seed), ...parts.params });
        const response = await send(ctx.t, actor, {
          method: method as InjectOptions["method"],
          url: parts.query ? `${path}?${parts.query}` : path,
          payload: parts.payload,
          headers: parts.headers,
        });
        const expected = rule.expect[name];
        observed[name] = matches(expected, response.statusCode)
          ? JSON.stringify(expected)
          : `${response.statusCode} ${response.body.slice(0, 160)}`;
        wanted[name] = JSON.stringify(expected);
        if (rule.privateData && name === "other" && response.statusCode < 300) {
          // An archive (the data export) is read unpacked: its JSON is plain text inside the gzip.
          const body = String(response.headers["content-type"]).startsWith("application/gzip")
            ? gunzipSync(response.rawPayload).toString("utf8")
            : response.body;
          for (const id of memberIds(ctx.seed)) if (body.includes(id)) leaks.push(id);
        }
        if (rule.endsSessions) await signInAgain(Object.values(ctx.seed.actors));
      }
      expect(observed, `${key}: status per actor`).toEqual(wanted);
      expect(leaks, `${key}: the member's ids in another seller's answer`).toEqual([]);
    },
    120_000,
  );

  it("every /api route not declared public answers 401 to a visitor, before its input is checked", async () => {
    // Deny by default (decision 0030): no body, no query, made-up ids; only the declaration decides.
    const closed = recordedRoutesOf(ctx.t.app).filter(
      (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && route.config?.public !== true,
    );
    expect(closed.length).toBeGreaterThan(40);
    for (const route of closed) {
      const url = route.url.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
      const response = await ctx.t.app.inject({ method: route.method as "GET", url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({ message: expect.any(String) });
    }
  });

  it("a route is declared public exactly when the matrix lets a visitor in", () => {
    const declaredPublic = new Set(
      recordedRoutesOf(ctx.t.app)
        .filter((route) => route.config?.public === true && route.method !== "HEAD")
        .map((route) => `${route.method} ${route.url}`),
    );
    const openToVisitors = Object.keys(RULES).filter((key) => RULES[key]?.expect.anonymous !== 401);
    // /metrics has a token of its own: public to the session check, closed to visitors without it.
    expect([...declaredPublic].sort()).toEqual([...openToVisitors, "GET /metrics"].sort());
  });

  it("unknown API routes are a JSON 404 for everyone, not a page", async () => {
    for (const name of ACTORS) {
      const response = await send(ctx.t, ctx.seed.actors[name], { method: "GET", url: "/api/no-such-route" });
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ message: expect.any(String) });
    }
  });
});

describe("tenancy beyond the status codes", () => {
  /**
   * Creating a product "from an analysed photo" (imageUrl) or a quick store only checks that the file
   * exists, and deleting a product deletes its files: if another seller may name the member's photo,
   * they can delete it.
   */
  const borrowers: Record<string, (seed: Seed, photo: string) => Promise<string | undefined>> = {
    "a product created with imageUrl": async (seed, photo) => {
      const created = await send(ctx.t, seed.actors.other, {
        method: "POST",
        url: `/api/stores/${seed.otherStore.id}/products`,
        ...multipart({ title: "Borrowed", basePrice: "10", imageUrl: photo }),
      });
      return created.statusCode === 201 ? created.json().id : undefined;
    },
    "a quick store": async (seed, photo) => {
      const created = await send(ctx.t, seed.actors.other, {
        method: "POST",
        url: "/api/quickstore",
        payload: quickStoreBody(photo),
      });
      if (created.statusCode !== 201) return undefined;
      const storeId = created.json().store.id;
      const products = await send(ctx.t, seed.actors.other, {
        method: "GET",
        url: `/api/stores/${storeId}/products`,
      });
      return products.json()[0]?.id;
    },
  };
  it.each(Object.keys(borrowers))(
    "another seller cannot delete the member's product photo through %s",
    async (how) => {
      const { t, seed, make } = ctx;
      const victim = await make.product();
      const photo = victim.primaryImage;
      expect((await t.app.inject({ url: photo })).statusCode).toBe(200);
      const borrowedId = await borrowers[how]?.(seed, photo);
      if (borrowedId) {
        // Accepted: then deleting the other seller's own product must leave the member's photo alone.
        const deleted = await send(t, seed.actors.other, {
          method: "DELETE",
          url: `/api/products/${borrowedId}`,
        });
        expect(deleted.statusCode).toBe(200);
      }
      const served = await t.app.inject({ url: photo });
      expect(served.statusCode, `the member's photo ${photo} after the other seller's delete`).toBe(200);
    },
    60_000,
  );

  it("another seller cannot move a QR code of theirs onto the member's store", async () => {
    const { t, seed } = ctx;
    const own = await send(t, seed.actors.other, {
      method: "POST",
      url: "/api/qr-codes",
      payload: { url: "https://example.no/bjorn" },
    });
    expect(own.statusCode).toBe(201);
    const moved = await send(t, seed.actors.other, {
      method: "PATCH",
      url: `/api/qr-codes/${own.json().id}`,
      payload: { storeId: seed.store.id },
    });
    expect(moved.statusCode).toBe(404);
  });

  it("another seller cannot list the member's orders by naming the store in a query", async () => {
    const { t, seed } = ctx;
    for (const url of [`/api/orders?storeId=${seed.store.id}`, `/api/analytics?storeId=${seed.store.id}`]) {
      const response = await send(t, seed.actors.other, { method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(seed.order.id);
    }
  });

  it("an AI analysis labelled with someone else's store is not logged against that store", async () => {
    const { t, seed } = ctx;
    const response = await send(t, seed.actors.other, {
      method: "POST",
      url: "/api/products/analyze",
      ...multipart({ storeId: seed.store.id }, [
        { field: "productImage", filename: "x.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const logs = (await send(t, seed.actors.member, { method: "GET", url: "/api/ai-logs?limit=200" })).json();
    const otherId = seed.actors.other.user?.id;
    expect(logs.filter((log: { userId: string | null }) => log.userId === otherId)).toEqual([]);
  });
});
