/**
 * The world the security suites attack: seller A ("member", a member of a store with a product, a
 * payment channel, an order, a QR code and an AI log), seller B ("other", with a store of their own), a
 * platform admin, and an anonymous visitor. Requests go through `app.inject` with a fixed session
 * cookie per actor (never the Agent's cookie jar, so a response cannot silently switch who is asking).
 */

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { rateLimits } from "../db/schema";
import { shopTexts } from "../pages/shop-texts";
import { completion, fakeOpenAi, goodAnswer } from "../test/fake-openai";
import { startFakeDns } from "../test/fakes/dns-server";
import { multipart, sampleJpeg } from "../test/fixtures";
import { createTestApp, signUp, signUpAdmin, type TestApp } from "../test/harness";

export const ACTORS = ["anonymous", "other", "member", "admin"] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Actor {
  name: ActorName;
  token?: string;
  user?: { id: string; email: string; fullName: string };
  password?: string;
}

export interface SecurityApp {
  t: TestApp;
  /** The fake AI server: its `requests` show whether an upload ever reached the provider. */
  ai: Awaited<ReturnType<typeof fakeOpenAi>>;
  close(): Promise<void>;
}

/**
 * A test app whose AI provider is a local fake OpenAI-compatible server answering every analysis at
 * once, so analysis routes can be exercised without loading the offline model.
 */
export async function createSecurityApp(env: Record<string, string> = {}): Promise<SecurityApp> {
  const ai = await fakeOpenAi(
    Array.from({ length: 200 }, () => ({ status: 200, body: completion(JSON.stringify(goodAnswer)) })),
  );
  // Domain checks ask a local DNS server that knows none of the suite's names (decision 0080).
  const dns = await startFakeDns();
  const t = await createTestApp({
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: "sk-security-suite",
    AI_MODEL: "vision-test",
    DNS_SERVERS: dns.server,
    ...env,
  });
  return {
    t,
    ai,
    async close() {
      await t.close();
      await ai.close();
      await dns.close();
    },
  };
}

/**
 * Time passing for the throttles: every counter's window and every wait ends `ms` earlier. The counters
 * compare with the database's clock, which a test cannot move, so the rows are moved instead.
 */
export async function advanceThrottleClock(t: TestApp, ms: number) {
  await t.database.db
    .update(rateLimits)
    .set({ resetAt: sql`${rateLimits.resetAt} - ${ms}::double precision * interval '1 millisecond'` });
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === "torg_session")?.value || undefined;
}

/** One request as an actor: their session cookie (if any) is added to the headers. */
export function send(t: TestApp, actor: Actor | undefined, options: InjectOptions) {
  const headers = { ...((options.headers ?? {}) as Record<string, string>) };
  if (actor?.token) headers.cookie = `torg_session=${actor.token}`;
  return t.app.inject({ ...options, headers });
}

/** A brand-new session for an actor (a second "device"). */
export async function freshSession(t: TestApp, actor: Actor): Promise<string> {
  if (!actor.user || !actor.password) throw new Error(`${actor.name} has no account`);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: actor.user.email, password: actor.password },
  });
  const token = sessionCookieOf(response);
  if (response.statusCode !== 200 || !token) throw new Error(`login failed: ${response.statusCode}`);
  return token;
}

export interface Seed {
  actors: Record<ActorName, Actor>;
  store: { id: string; slug: string; name: string };
  product: { id: string; primaryImage: string };
  /** publicUrl: the shopper's order page, whose token opens the order without an account (decision 0026). */
  order: { id: string; publicUrl?: string };
  qr: { id: string; code: string };
  aiLog: { id: string };
  /** An image the analysis step stored (quick-create and add-product reference it by URL). */
  analysedImageUrl: string;
  otherStore: { id: string };
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status)
    throw new Error(`${what} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
}

/** Builders for throwaway resources owned by the member (for requests that delete or change them). */
export function resources(t: TestApp, seed: Pick<Seed, "actors" | "store">) {
  const member = () => seed.actors.member;
  return {
    async store() {
      const slug = `tmp-${randomUUID().slice(0, 12)}`;
      const response = await send(t, member(), {
        method: "POST",
        url: "/api/stores",
        payload: { name: "Throwaway store", slug },
      });
      return expectStatus(response, 201, "store create") as { id: string; slug: string; name: string };
    },
    async product(storeId = seed.store.id, fields: Record<string, string> = {}) {
      // Unlimited stock: the scenarios order the seed product many times (decision 0032).
      const form = multipart({ title: "Stoneware mug", basePrice: "349", stockQty: "", ...fields }, [
        { field: "image", filename: "mug.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]);
      const response = await send(t, member(), {
        method: "POST",
        url: `/api/stores/${storeId}/products`,
        ...form,
      });
      return expectStatus(response, 201, "product create") as { id: string; primaryImage: string };
    },
    async order(productId: string, storeId = seed.store.id) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: validOrder(storeId, productId),
      });
      return expectStatus(response, 201, "order") as { id: string };
    },
    async qr() {
      const response = await send(t, member(), {
        method: "POST",
        url: "/api/qr-codes",
        payload: { url: "https://example.no/throwaway", storeId: seed.store.id },
      });
      return expectStatus(response, 201, "qr create") as { id: string; code: string };
    },
    async paymentChannel(provider: "vipps" | "stripe", storeId = seed.store.id) {
      const response = await send(t, member(), {
        method: "POST",
        url: `/api/stores/${storeId}/payment-channels`,
        payload: {
          ...(provider === "vipps" ? { provider, externalId: "123456" } : stripeChannel),
          currentPassword: member().password,
        },
      });
      return expectStatus(response, 201, "payment channel");
    },
  };
}

const stripeChannel = { provider: "stripe", externalId: "acct_1A2b3C4d5E6f" };

export function validOrder(storeId: string, productId: string) {
  return {
    storeId,
    buyerEmail: "kunde@example.no",
    shipToName: "Nora Kunde",
    shipToPhone: "+47 913 45 678",
    items: [{ productId, qty: 1 }],
  };
}

export function quickStoreBody(imageUrl: string) {
  return {
    store: { name: "Quick store" },
    product: {
      title: "Quick mug",
      description: "A mug made in a hurry, but well.",
      price: "199",
      imageUrl,
    },
  };
}

/** Seller A with everything a seller has, seller B with a store of their own, an admin and a visitor. */
export async function seedScenario(t: TestApp): Promise<Seed> {
  const memberSignUp = await signUp(t.app, { fullName: "Astrid Member" });
  const otherSignUp = await signUp(t.app, { fullName: "Bjørn Other" });
  const adminSignUp = await signUpAdmin(t);
  const actor = (name: ActorName, s: typeof memberSignUp): Actor => ({
    name,
    token: s.agent.cookie,
    user: s.user,
    password: s.password,
  });
  const actors: Record<ActorName, Actor> = {
    anonymous: { name: "anonymous" },
    other: actor("other", otherSignUp),
    member: actor("member", memberSignUp),
    admin: actor("admin", adminSignUp),
  };

  const storeResponse = await send(t, actors.member, {
    method: "POST",
    url: "/api/stores",
    payload: { name: "Astrid's Keramikk", slug: `astrid-${randomUUID().slice(0, 8)}` },
  });
  const store = expectStatus(storeResponse, 201, "store create") as Seed["store"];
  const otherStore = expectStatus(
    await send(t, actors.other, {
      method: "POST",
      url: "/api/stores",
      payload: { name: "Bjørn's Smie", slug: `bjorn-${randomUUID().slice(0, 8)}` },
    }),
    201,
    "other store create",
  ) as Seed["otherStore"];

  const make = resources(t, { actors, store });
  const product = await make.product(store.id);
  await make.paymentChannel("vipps");
  const order = await make.order(product.id);
  const qr = await make.qr();

  const analysis = expectStatus(
    await send(t, actors.member, {
      method: "POST",
      url: "/api/products/analyze",
      ...multipart({ storeId: store.id }, [
        { field: "productImage", filename: "mug.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
      ]),
    }),
    200,
    "analysis",
  ) as { imageUrl: string };
  const [aiLog] = expectStatus(
    await send(t, actors.member, { method: "GET", url: "/api/ai-logs" }),
    200,
    "ai logs",
  ) as { id: string }[];
  if (!aiLog) throw new Error("the analysis left no AI log");

  return {
    actors,
    store,
    product,
    order,
    qr,
    aiLog,
    analysedImageUrl: analysis.imageUrl,
    otherStore,
  };
}

/** The member's ids, which must never appear in another seller's private lists. */
export function memberIds(seed: Seed): string[] {
  return [seed.store.id, seed.product.id, seed.order.id, seed.qr.id, seed.aiLog.id];
}

/**
 * Path parameters for a route, pointing at the member's resources: `:id` means the resource the path
 * is about, `*` the member's product photo.
 */
export function defaultParams(url: string, seed: Seed): Record<string, string> {
  const params: Record<string, string> = {};
  const idOwner: [string, string][] = [
    ["/api/stores/:id", seed.store.id],
    // The market screen's web app manifest (issue 30): a store's, the same for everyone.
    ["/stores/:id", seed.store.id],
    ["/api/products/:id", seed.product.id],
    // The product page (a server-rendered page, decision 0031).
    ["/products/:id", seed.product.id],
    ["/api/orders/:id", seed.order.id],
    // A web order is no stall sale (a 404 to its reader): the authorization matrix makes a real one.
    ["/api/sales/:id", seed.order.id],
    ["/api/qr-codes/:id", seed.qr.id],
    ["/api/users/:id", seed.actors.member.user?.id ?? ""],
  ];
  for (const [prefix, id] of idOwner) if (url.startsWith(prefix)) params.id = id;
  params.code = seed.qr.code;
  params.slug = seed.store.slug;
  params.provider = "vipps";
  params.productId = seed.product.id;
  params.token = seed.order.publicUrl?.split("/order/")[1] ?? "0".repeat(64);
  params["*"] = seed.product.primaryImage.replace(/^\/uploads\//, "");
  // A shop page's texts (decision 0048), by the name pages give them now.
  params.file = shopTexts("nb", { withOrderPage: false }).url.replace(/^\/shop-texts\//, "");
  return params;
}

export function fillPath(url: string, params: Record<string, string>): string {
  const filled = url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, () => params["*"] ?? "");
  return filled;
}
