/**
 * Issue 7, fuzzing: every JSON endpoint of the app (from the same route inventory as the authorization
 * matrix) gets hostile bodies, malformed JSON, wrong content types, oversized bodies, hostile query
 * strings, path parameters and headers. Whatever arrives: never a 5xx, never a stack trace or a file
 * path, and every error is `{ message: string }` JSON.
 *
 * fast-check runs with a fixed seed, so a failure is reproducible; `endOnFailure` skips shrinking (each
 * run is a request), and the counterexample is printed as generated.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { giftCardOf } from "../modules/gift-cards/testing";
import { multipart } from "../test/fixtures";
import { signUp, type TestApp } from "../test/harness";
import { routeKeysOf } from "./route-inventory";
import {
  type Actor,
  createSecurityApp,
  defaultParams,
  fillPath,
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

const SEED = 4242;
const BODY_RUNS = 25;
const QUERY_RUNS = 12;
const HEADER_RUNS = 8;
/** Fuzzed requests come from one client address, so login throttling never blocks the suite's own logins. */
const FUZZ_ADDRESS = "198.51.100.23";

let app: SecurityApp;
let t: TestApp;
let seed: Seed;
/** A disposable account for the routes that end sessions or change the account itself. */
let fuzzer: Actor;
let keys: string[];
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  app = await createSecurityApp();
  t = app.t;
  seed = await seedScenario(t);
  const account = await signUp(t.app, { fullName: "Fuzz Account" });
  fuzzer = { name: "member", token: account.agent.cookie, user: account.user, password: account.password };
  keys = routeKeysOf(t.app);
}, 180_000);
afterAll(() => app?.close());

/** A stack frame, a source path or an internal error class: none may reach a client. */
const LEAK =
  /\n\s+at |\bat (?:async )?[\w.<>]+ \(|node_modules[\\/]|[\\/]src[\\/]server[\\/]|\.[cm]?[jt]s:\d+:\d+|\b(?:TypeError|ReferenceError|RangeError|ZodError|DrizzleQueryError|PGlite)\b/;

function assertSafe(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(response.body, context).not.toMatch(LEAK);
  if (response.statusCode >= 400) {
    // The scan page of an unknown QR code is a friendly HTML page by design (decision 0012).
    if (what.includes(" /q/")) return;
    expect(String(response.headers["content-type"]), context).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { message?: unknown };
    expect(typeof body.message, context).toBe("string");
    expect((body.message as string).length, context).toBeGreaterThan(0);
  }
}

const isWrite = (key: string) => /^(POST|PUT|PATCH|DELETE) /.test(key);
const splitKey = (key: string) => key.split(" ") as [InjectOptions["method"], string];

/** Routes whose success ends a session or changes the account: the disposable account sends them. */
const ACCOUNT_ROUTES = new Set([
  "POST /api/logout",
  "POST /api/login",
  "POST /api/users/me/password",
  "PUT /api/users/:id",
  "DELETE /api/me",
  "POST /api/password-reset/confirm",
  "POST /api/email-verification",
]);

/** A valid JSON body per write route (an object, or a list for a route that replaces one), the starting point of the "almost valid" bodies. */
function validBody(key: string): Record<string, unknown> | unknown[] {
  const bodies: Record<string, () => Record<string, unknown> | unknown[]> = {
    "POST /api/register": () => ({
      fullName: "Fuzz Maker",
      email: `fuzz-${randomUUID().slice(0, 8)}@example.no`,
      password: "a-strong-password",
    }),
    "POST /api/login": () => ({ email: fuzzer.user?.email, password: fuzzer.password }),
    "POST /api/users/me/password": () => ({
      currentPassword: fuzzer.password,
      newPassword: fuzzer.password,
    }),
    "PUT /api/users/:id": () => ({ fullName: fuzzer.user?.fullName, email: fuzzer.user?.email }),
    "POST /api/password-reset": () => ({ email: "nobody-here@example.no" }),
    // A link nobody was sent: the fuzzer's account keeps its password.
    "POST /api/password-reset/confirm": () => ({
      token: "not-a-link-anyone-got",
      password: "a-strong-password",
    }),
    "POST /api/email-verification/confirm": () => ({ token: "not-a-link-anyone-got" }),
    // Never the password: the disposable account must outlive its own fuzzing.
    "DELETE /api/me": () => ({ password: "not-the-fuzzers-password" }),
    "POST /api/stores/:id/erase-shopper": () => ({ email: "nobody-here@example.no" }),
    "PUT /api/settings": () => ({ language: "nb", theme: "dark" }),
    "POST /api/stores": () => ({ name: "Fuzz store", slug: `fuzz-${randomUUID().slice(0, 8)}` }),
    "PUT /api/stores/:id": () => ({ description: "Stoneware", phone: "912 34 567", heroImageUrl: null }),
    "PUT /api/stores/:id/identity": () => ({
      brandColor: "#b04a2f",
      fontPairing: "warm",
      about: { text: "Made by hand", location: "Bergen", links: ["https://instagram.com/torg"] },
    }),
    "POST /api/stores/:id/phone-verification/confirm": () => ({ code: "123456" }),
    "POST /api/stores/:id/contact-email/confirm": () => ({ token: "a".repeat(43) }),
    "POST /api/stores/:id/payment-channels": () => ({
      provider: "vipps",
      externalId: "123456",
      isLive: false,
      // Where the money goes changes only with the password (decision 0058); the member sends these.
      currentPassword: seed.actors.member.password,
    }),
    "PUT /api/stores/:id/gift-card-settings": () => ({
      enabled: true,
      amounts: ["250", "500"],
      customMin: "100",
      customMax: "2000",
      validityMonths: 36,
    }),
    "PUT /api/gift-cards/:id": () => ({ action: "extend", expiresAt: "2040-01-01T00:00:00Z" }),
    "PUT /api/stores/:id/delivery-options": () => [
      { name: "Hent i verkstedet", kind: "pickup", price: "0", note: "Torsdager 12-18" },
      { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99", freeAbove: "1000" },
    ],
    "POST /api/stores/:id/discounts": () => discountBody(),
    "PUT /api/stores/:id/carrier": () => ({
      provider: "bring",
      apiUid: "mybring@torg.test",
      apiKey: "fake-bring-api-key-0001",
      customerNumber: "20012345678",
      sender: { name: "Leirverkstedet", street: "Storgata 1", postalCode: "0155", city: "Oslo" },
      services: [{ code: "5800" }, { code: "3584", price: "79" }],
      defaultWeightGrams: 1000,
      freeAbove: "1500",
      fulfilOnDelivery: false,
    }),
    "POST /api/sales/:id/receipt": () => ({ email: "kjoper@example.no" }),
    "PUT /api/sales/:id/buyer": () => ({ name: "Kari Nordmann", address: "Fjordveien 2\n5003 Bergen" }),
    "PUT /api/discounts/:id": () => discountBody(),
    "POST /api/stores/:id/market-sessions": () => ({ name: "Fuzz market", openingCash: "250,50" }),
    "PUT /api/market-sessions/:id": () => ({ countedCash: "250.50" }),
    "POST /api/sales/:id/refund": () => ({ clientRefundId: randomUUID(), restock: true }),
    "PUT /api/products/:id": () => ({
      title: "Mug",
      basePrice: "349",
      isActive: true,
      weightGrams: 450,
      lengthCm: 20,
    }),
    "PUT /api/products/:id/variants": () => ({
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { values: ["S"], price: "399", sku: "S-1", stockQty: 2 },
        { values: ["M"], stockQty: null },
      ],
    }),
    "PUT /api/products/:id/images/order": () => ({ imageIds: [randomUUID()] }),
    "POST /api/orders": () => validOrder(seed.store.id, seed.product.id),
    "POST /api/stores/:id/shipping-options": () => ({
      postalCode: "0155",
      items: [{ productId: seed.product.id, qty: 1 }],
    }),
    "POST /api/orders/quote": () => ({
      storeId: seed.store.id,
      items: [{ productId: seed.product.id, qty: 1 }],
      discountCode: "SOMMER10",
    }),
    "PATCH /api/orders/:id/status": () => ({ status: "paid" }),
    "POST /api/orders/:id/shipment": () => ({ service: "5600" }),
    "POST /api/stores/:id/shipments/labels": () => ({ orderIds: [randomUUID()] }),
    "POST /api/sales/:id/vipps": () => ({ method: "vipps_phone", phone: "+47 912 34 567" }),
    "POST /api/sales/:id/pay": () => ({ method: "cash", amountGiven: "500" }),
    // A stall sale (decision 0077): free amounts only, so the fuzzed sales never sell the seed product out.
    "POST /api/stores/:id/sales": () => ({
      clientSaleId: randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ title: "Annet", unitPrice: "250", qty: 2 }],
      discountCode: "SOMMER10",
      payment: { method: "cash", amountGiven: "500", terminalRef: "SumUp 1" },
      buyer: { name: "Kari Nordmann", address: "Storgata 1\n0155 Oslo", email: "kari@example.no" },
    }),
    "POST /api/qr-codes": () => ({ url: "https://example.no/fuzz", storeId: seed.store.id }),
    "PATCH /api/qr-codes/:id": () => ({ url: "https://example.no/fuzz", isActive: true }),
    "POST /api/quickstore": () => quickStoreBody(seed.analysedImageUrl),
    "POST /api/quickstore/multiple": () => {
      const { store, product } = quickStoreBody(seed.analysedImageUrl);
      return { store, products: [product] };
    },
  };
  return bodies[key]?.() ?? {};
}

/** Path parameters: the member's resources, or throwaway ones for routes that delete. */
async function paramsFor(key: string): Promise<Record<string, string>> {
  const [, url] = splitKey(key);
  const make = resources(t, seed);
  const params = defaultParams(url, seed);
  if (key === "DELETE /api/stores/:id") params.id = (await make.store()).id;
  if (key === "DELETE /api/stores/:id/payment-channels/:provider") {
    params.id = (await make.store()).id;
    params.provider = "stripe";
  }
  if (key === "DELETE /api/products/:id") params.id = (await make.product()).id;
  // A product of its own: options on the seed product would make the fuzzed orders name a variant.
  if (key === "PUT /api/products/:id/variants") params.id = (await make.product()).id;
  // A store of its own: delivery options on the seed store would make the fuzzed orders need one.
  if (key === "PUT /api/stores/:id/delivery-options") params.id = (await make.store()).id;
  // A throwaway product's only photo: whatever the fuzzer sends, the seed product keeps its photos.
  if (key === "DELETE /api/products/:id/images/:imageId") {
    params.id = (await make.product()).id;
    params.imageId = await firstImageId(params.id);
  }
  if (key === "DELETE /api/qr-codes/:id") params.id = (await make.qr()).id;
  if (key === "PUT /api/discounts/:id" || key === "DELETE /api/discounts/:id")
    params.id = await memberDiscount();
  if (key === "POST /api/domains/:id/check" || key === "DELETE /api/domains/:id")
    params.id = await memberDomain();
  if (key === "PUT /api/users/:id") params.id = fuzzer.user?.id ?? "";
  if (key === "PUT /api/gift-cards/:id") params.id = await giftCardOf(t, seed.store.id);
  if (key === "PUT /api/market-sessions/:id") params.id = await memberMarket();
  if (key.startsWith("POST /api/sales/:id/")) params.id = await memberSale();
  if (key === "PUT /api/sales/:id/buyer") params.id = await memberSale();
  return params;
}

/** A discount code of the seed store (decision 0076), its text unique so fuzzed creates never collide. */
const discountBody = () => ({
  code: `F${randomUUID().slice(0, 8)}`,
  kind: "percent",
  value: 15,
  minOrderTotal: "200",
  maxUses: 10,
  onePerShopper: true,
  startsAt: "2026-12-01T00:00:00+01:00",
});

/** A paid cash sale of the seed store at the stall (decision 0077). */
async function memberSale(): Promise<string> {
  const created = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${seed.store.id}/sales`,
    payload: {
      clientSaleId: randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ title: "Annet", unitPrice: "50", qty: 1 }],
      payment: { method: "cash" },
    },
  });
  if (created.statusCode !== 201) throw new Error(`sale not made: ${created.statusCode} ${created.body}`);
  return (created.json() as { id: string }).id;
}

async function memberDiscount(): Promise<string> {
  const created = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${seed.store.id}/discounts`,
    payload: discountBody(),
  });
  if (created.statusCode !== 201) throw new Error(`code not made: ${created.statusCode} ${created.body}`);
  return (created.json() as { id: string }).id;
}

/** A pending domain of a throwaway store of the member's (decision 0080): a store holds only a few. */
async function memberDomain(): Promise<string> {
  const store = await resources(t, seed).store();
  const added = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${store.id}/domains`,
    payload: { domain: `www.fuzz-${randomUUID().slice(0, 8)}.test` },
  });
  if (added.statusCode !== 201) throw new Error(`domain not added: ${added.statusCode} ${added.body}`);
  return (added.json() as { id: string }).id;
}

/** An open market of a throwaway store of the member's (issue 30). */
async function memberMarket(): Promise<string> {
  const store = await resources(t, seed).store();
  const opened = await send(t, seed.actors.member, {
    method: "POST",
    url: `/api/stores/${store.id}/market-sessions`,
    payload: { name: "Fuzz market" },
  });
  if (opened.statusCode !== 201) throw new Error(`market not opened: ${opened.statusCode} ${opened.body}`);
  return (opened.json() as { id: string }).id;
}

async function firstImageId(productId: string): Promise<string> {
  const response = await t.app.inject({ url: `/api/products/${productId}` });
  return (response.json() as { images: { id: string }[] }).images[0]?.id ?? "";
}

function actorFor(key: string, anonymous: boolean): Actor | undefined {
  if (anonymous) return undefined;
  return ACCOUNT_ROUTES.has(key) ? fuzzer : seed.actors.member;
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries. JSON is generated as text, so keys like __proto__, duplicate keys and number literals
// JSON.stringify cannot write (1e400, -0) reach the server exactly as an attacker would send them.

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uFEFF",
  "\u202Eevil",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "' or '1'='1",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "$" + "{7*7}",
  "{{7*7}}",
  "%s%s%s%n",
  "\r\nSet-Cookie: torg_session=x",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e309",
  "-0",
  "0x1F",
  "١٢٣",
  "𝟙𝟚𝟛",
  "9".repeat(400),
  "99999999.99",
  "100000000",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "2026-02-30",
  "9999-12-31",
  "acct_1A2b3C4d5E6f",
  "https://example.no/\u0000",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/uploads/products/../../../etc/passwd-1600.webp",
  "Ω".repeat(70_000),
  "x".repeat(500_000),
];
const NUMBER_LITERALS = [
  "0",
  "-0",
  "1",
  "-1",
  "1e308",
  "-1e308",
  "1e309",
  "1E400",
  "5e-324",
  "0.1",
  "99999999999999999999999999999",
  "9007199254740993",
  "2147483648",
  "99",
  "100",
  "2000",
];

const scalarText = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS).map((s) => JSON.stringify(s)),
  fc.string({ unit: "binary", maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 30 }).map((s) => JSON.stringify(s)),
  fc.constantFrom(...NUMBER_LITERALS),
  fc.double().map((n) => (Number.isFinite(n) ? String(n) : "1e999")),
  fc.constantFrom("true", "false", "null"),
);

const keyArb = (schemaKeys: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...(schemaKeys.length ? schemaKeys : ["x"])),
    fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "", "$where"),
    fc.string({ maxLength: 12 }),
  );

const nodeText = (schemaKeys: readonly string[]) =>
  fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", maxDepth: 4 },
      scalarText,
      fc.array(tie("node"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
      fc
        .array(fc.tuple(keyArb(schemaKeys), tie("node")), { maxLength: 5 })
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
    ),
  })).node;

/** Deep nesting, built directly (recursion in a generator is not the point, the server's parser is). */
const deepText = fc
  .tuple(fc.constantFrom(64, 1_000, 20_000, 200_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const pollutionText = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"__proto__":{"isAdmin":true}}',
  '{"__proto__":[]}',
);

/** A body for a write route: nonsense, or the valid body with some fields replaced or added. */
function bodyArb(key: string) {
  const base = validBody(key);
  if (Array.isArray(base)) {
    // A list body: the valid items, some of them replaced by or followed with nonsense.
    const itemKeys = base.flatMap((item) => Object.keys(item as object));
    const node = nodeText(itemKeys);
    const almostValidList = fc
      .array(fc.tuple(fc.nat({ max: base.length }), fc.oneof(node, deepText)), { minLength: 1, maxLength: 3 })
      .map((overrides) => {
        const items = base.map((item) => JSON.stringify(item));
        for (const [index, text] of overrides) items[index] = text;
        return `[${items.join(",")}]`;
      });
    return fc.oneof(almostValidList, almostValidList, node, deepText, pollutionText);
  }
  const schemaKeys = Object.keys(base);
  const node = nodeText(schemaKeys);
  const almostValid = fc
    .array(fc.tuple(keyArb(schemaKeys), fc.oneof(node, deepText)), { minLength: 1, maxLength: 3 })
    .map((overrides) => {
      const entries = Object.entries(validBody(key)).map(
        ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
      );
      for (const [k, v] of overrides) entries.push(`${JSON.stringify(k)}:${v}`);
      return `{${entries.join(",")}}`;
    });
  return fc.oneof(almostValid, almostValid, node, deepText, pollutionText);
}

const headerValue = fc
  .oneof(
    fc.string({ unit: "binary-ascii", maxLength: 60 }),
    fc.constantFrom(
      "",
      "null",
      "*",
      "x".repeat(8_000),
      "en;q=NaN, nb;q=-1, *;q=2",
      "zz-ZZ,,,;;;q=",
      "../../etc",
      "https://evil.example",
      "http://localhost:80",
      "br;q=0, gzip;q=NaN, identity;q=0, *;q=0",
      "bytes=0-0,-1,999999999999-",
    ),
  )
  // What HTTP can carry in a field value: no CR, LF or NUL (Node refuses those before Fastify runs).
  .map((value) => value.replace(/[\r\n\0]/g, ""));

const headersArb = fc.dictionary(
  fc.constantFrom(
    "accept-language",
    "idempotency-key",
    "origin",
    "sec-fetch-site",
    "accept",
    "accept-encoding",
    "cookie",
    "x-forwarded-for",
    "x-forwarded-proto",
    "x-user-id",
    "if-none-match",
    "range",
    "user-agent",
  ),
  headerValue,
  { maxKeys: 5 },
);

/** URL-encodes any generated text (a lone surrogate half, which encodeURIComponent refuses, becomes U+FFFD). */
const encodeText = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));

const paramValue = fc.oneof(
  fc.constantFrom(
    "",
    "x",
    "%00",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%2F..%2Fsecret",
    "%",
    "%E0%A4%A",
    "00000000-0000-0000-0000-00000000000g",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    encodeURIComponent(" 00000000-0000-0000-0000-000000000000"),
    "1%20or%201%3D1",
    "a".repeat(101),
    "a".repeat(5_000),
    encodeURIComponent("<img src=x onerror=alert(1)>"),
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map(encodeText),
);

const QUERY_KEYS = [
  "code",
  "limit",
  "offset",
  "storeId",
  "status",
  "slug",
  "from",
  "to",
  "size",
  "format",
  "__proto__",
  "constructor",
  "limit[]",
  "storeId[$ne]",
];
const queryArb = fc
  .array(
    fc.tuple(
      fc.constantFrom(...QUERY_KEYS),
      fc.oneof(
        fc.constantFrom(...NUMBER_LITERALS, ...NASTY_STRINGS.slice(0, 37)).map(encodeURIComponent),
        fc.constantFrom("%", "%zz", "%00", "%E0%A4%A", "a&b", "[]", "%5B%5D"),
        fc.string({ unit: "binary", maxLength: 20 }).map(encodeText),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

// ---------------------------------------------------------------------------------------------------

const writeKeys = () => keys.filter(isWrite);
const readKeys = () => keys.filter((key) => key.startsWith("GET "));

describe("the inventory", () => {
  it("has JSON endpoints to fuzz (a guard against an empty route list passing everything)", () => {
    expect(writeKeys().length).toBeGreaterThan(20);
    expect(readKeys().length).toBeGreaterThan(20);
  });
});

/**
 * Keys are listed statically for the test names; the "inventory" test above and the authorization
 * matrix's inventory tests make sure this list and the app agree.
 */
const WRITE_ROUTES = [
  "POST /api/register",
  "POST /api/login",
  "POST /api/logout",
  "POST /api/users/me/password",
  "PUT /api/users/:id",
  "DELETE /api/me",
  "POST /api/password-reset",
  "POST /api/password-reset/confirm",
  "POST /api/email-verification",
  "POST /api/email-verification/confirm",
  "PUT /api/settings",
  "POST /api/notifications/seen",
  "POST /api/stores",
  "PUT /api/stores/:id",
  "DELETE /api/stores/:id",
  "POST /api/stores/:id/payment-channels",
  "DELETE /api/stores/:id/payment-channels/:provider",
  "POST /api/stores/:id/erase-shopper",
  "POST /api/stores/:id/phone-verification",
  "POST /api/stores/:id/phone-verification/confirm",
  "POST /api/stores/:id/contact-email/resend",
  "POST /api/stores/:id/contact-email/confirm",
  "POST /api/stores/:id/products",
  "PUT /api/stores/:id/delivery-options",
  "PUT /api/stores/:id/carrier",
  "DELETE /api/stores/:id/carrier",
  "POST /api/stores/:id/identity/logo",
  "POST /api/stores/:id/identity/about-photo",
  "PUT /api/stores/:id/identity",
  "POST /api/stores/:id/domains",
  "POST /api/domains/:id/check",
  "DELETE /api/domains/:id",
  "POST /api/stores/:id/discounts",
  "PUT /api/discounts/:id",
  "DELETE /api/discounts/:id",
  "PUT /api/stores/:id/gift-card-settings",
  "PUT /api/gift-cards/:id",
  "POST /api/stores/:id/market-sessions",
  "PUT /api/market-sessions/:id",
  "POST /api/sales/:id/refund",
  "POST /api/sales/:id/receipt",
  "PUT /api/sales/:id/buyer",
  "PUT /api/products/:id",
  "PUT /api/products/:id/variants",
  "DELETE /api/products/:id",
  "POST /api/products/:id/images",
  "DELETE /api/products/:id/images/:imageId",
  "PUT /api/products/:id/images/order",
  "POST /api/products/analyze",
  "POST /api/products/analyze-multiple",
  "POST /api/orders",
  "POST /api/orders/quote",
  "POST /api/stores/:id/shipping-options",
  "POST /api/orders/by-token/:token/withdrawal",
  "PATCH /api/orders/:id/status",
  "POST /api/orders/:id/shipment",
  "POST /api/stores/:id/shipments/labels",
  "POST /api/stores/:id/sales",
  "POST /api/orders/by-token/:token/payment",
  "POST /api/orders/by-token/:token/cancel",
  "POST /api/sales/:id/vipps",
  "POST /api/sales/:id/pay",
  "POST /api/sales/:id/cancel-payment",
  "POST /api/payments/vipps/webhook",
  "POST /api/payments/stripe/webhook",
  "POST /api/qr-codes",
  "PATCH /api/qr-codes/:id",
  "DELETE /api/qr-codes/:id",
  "POST /api/quickstore",
  "POST /api/quickstore/multiple",
  "POST /api/analytics/product-views/:productId",
];

describe("the static route lists match the app", () => {
  it("every write route of the app is fuzzed", () => {
    expect([...writeKeys()].sort()).toEqual([...WRITE_ROUTES].sort());
  });
});

describe("hostile JSON bodies", () => {
  it.each(WRITE_ROUTES)(
    "%s",
    async (key) => {
      const [method, url] = splitKey(key);
      const params = await paramsFor(key);
      await fc.assert(
        fc.asyncProperty(bodyArb(key), fc.boolean(), async (payload, anonymous) => {
          const response = await send(t, actorFor(key, anonymous), {
            method,
            url: fillPath(url, params),
            remoteAddress: FUZZ_ADDRESS,
            headers: { "content-type": "application/json" },
            payload,
          });
          assertSafe(response, `${key} ${payload.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: BODY_RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});

const MALFORMED_JSON = [
  "",
  " ",
  "{",
  "{nope",
  "[1,2",
  '"unterminated',
  '{"a":}',
  "{'a':1}",
  "NaN",
  "undefined",
  "\uFEFF{}",
  "{}garbage",
  '{"a":1}{"b":2}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  "1".repeat(100_000),
  "\u0000",
];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "application/json; charset=x-evil",
  "application/xml",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=abc",
  "application/vnd.api+json",
  "application/json, text/html",
  "*/*",
  "garbage",
];

describe("malformed JSON, wrong content types and oversized bodies", () => {
  it.each(WRITE_ROUTES)(
    "%s",
    async (key) => {
      const [method, url] = splitKey(key);
      const params = await paramsFor(key);
      const path = fillPath(url, params);
      const actor = actorFor(key, false);
      const request = (headers: Record<string, string>, payload: string | Buffer) =>
        send(t, actor, { method, url: path, remoteAddress: FUZZ_ADDRESS, headers, payload });
      // Every case runs and every failure is listed, not just the first.
      const problems: string[] = [];
      const check = (response: LightMyRequestResponse, what: string) => {
        try {
          assertSafe(response, what);
        } catch (error) {
          problems.push((error as Error).message.split("\n")[0] ?? what);
        }
      };
      for (const payload of MALFORMED_JSON) {
        check(
          await request({ "content-type": "application/json" }, payload),
          `${key} ${JSON.stringify(payload.slice(0, 40))}`,
        );
      }
      for (const type of CONTENT_TYPES) {
        check(
          await request(
            { "content-type": type },
            '--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\n{}',
          ),
          `${key} as ${type}`,
        );
      }
      const limit = t.config.bodyLimitBytes;
      const oversized = await request(
        { "content-type": "application/json" },
        `{"title":"${"a".repeat(limit)}"}`,
      );
      check(oversized, `${key} oversized`);
      if (oversized.statusCode !== 413) problems.push(`${key} oversized → ${oversized.statusCode}, not 413`);
      // A Content-Length that lies about the body.
      check(
        await request({ "content-type": "application/json", "content-length": "3" }, '{"a":"long body"}'),
        `${key} short content-length`,
      );
      expect(problems).toEqual([]);
    },
    120_000,
  );
});

/** The routes that read multipart forms, with their file field. */
const MULTIPART_ROUTES: [string, string][] = [
  ["POST /api/stores/:id/products", "image"],
  ["PUT /api/products/:id", "image"],
  ["POST /api/products/:id/images", "image"],
  ["POST /api/stores/:id/identity/logo", "image"],
  ["POST /api/stores/:id/identity/about-photo", "image"],
  ["POST /api/products/analyze", "productImage"],
  ["POST /api/products/analyze-multiple", "productImages"],
];
const FORM_FIELDS = [
  "title",
  "blurb",
  "basePrice",
  "sku",
  "coordinates",
  "imageUrl",
  "category",
  "altText",
  "isActive",
  "storeId",
  "seoMetaTitle",
  "__proto__",
  "constructor",
  "",
];
const formValue = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS, ...NUMBER_LITERALS, '{"x":50,"y":50}', '{"x":"__proto__"}', "true"),
  fc.string({ unit: "binary", maxLength: 40 }),
);
/** Well-framed multipart bodies (closing boundary included) with hostile part headers and values. */
const multipartArb = (fileField: string) =>
  fc
    .array(
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...FORM_FIELDS), formValue)
          .map(([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
        fc
          .tuple(
            fc.constantFrom(fileField, "other", ""),
            fc.constantFrom("a.jpg", "../../x.jpg", "", "x\u0000.png", "é.heic", "a".repeat(300)),
            fc.constantFrom("image/jpeg", "image/svg+xml", "text/html", "", "multipart/mixed; boundary=x"),
            fc.constantFrom("", "junk", "\u00ff\u00d8\u00ff\u00e0junk", "\u0089PNG\r\n\u001a\njunk"),
          )
          .map(
            ([name, filename, type, body]) =>
              `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${body}`,
          ),
        fc.constantFrom(
          "Content-Disposition: attachment\r\n\r\nx",
          "X-Nothing: y\r\n\r\nz",
          "\r\nno headers at all",
          "Content-Disposition: form-data; name*=UTF-8''%E2%82%AC\r\n\r\neuro",
          "Content-Disposition: form-data; name=\"image\"; filename*=UTF-8''..%2F..%2Fx.jpg\r\n\r\njunk",
          'Content-Disposition: form-data; name="title"\r\nContent-Transfer-Encoding: base64\r\n\r\nPGltZz4=',
          `Content-Disposition: form-data; name="title"\r\nX-Long: ${"h".repeat(20_000)}\r\n\r\nx`,
        ),
      ),
      { maxLength: 8 },
    )
    .map((parts) => {
      const boundary = "fuzzBoundary7a1c";
      const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;
      return { body: Buffer.from(body, "latin1"), type: `multipart/form-data; boundary=${boundary}` };
    });

describe("hostile multipart forms", () => {
  it.each(MULTIPART_ROUTES)(
    "%s",
    async (key, fileField) => {
      const [method, url] = splitKey(key);
      const params = await paramsFor(key);
      await fc.assert(
        fc.asyncProperty(multipartArb(fileField), fc.boolean(), async (form, anonymous) => {
          const response = await send(t, actorFor(key, anonymous), {
            method,
            url: fillPath(url, params),
            remoteAddress: FUZZ_ADDRESS,
            headers: { "content-type": form.type },
            payload: form.body,
          });
          assertSafe(response, `${key} ${JSON.stringify(form.body.toString("latin1").slice(0, 300))}`);
        }),
        { seed: SEED, numRuns: BODY_RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});

describe("hostile headers", () => {
  it.each(WRITE_ROUTES)(
    "%s",
    async (key) => {
      const [method, url] = splitKey(key);
      const params = await paramsFor(key);
      await fc.assert(
        fc.asyncProperty(headersArb, fc.boolean(), async (headers, anonymous) => {
          const response = await send(t, actorFor(key, anonymous), {
            method,
            url: fillPath(url, params),
            remoteAddress: FUZZ_ADDRESS,
            headers: { ...headers, "content-type": "application/json" },
            payload: JSON.stringify(validBody(key)),
          });
          assertSafe(response, `${key} ${JSON.stringify(headers).slice(0, 300)}`);
        }),
        { seed: SEED, numRuns: HEADER_RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});

describe("hostile queries, path parameters and headers on reads", () => {
  it("every GET route", async () => {
    const reads = readKeys();
    expect(reads.length).toBeGreaterThan(20);
    for (const key of reads) {
      const [, url] = splitKey(key);
      const params = defaultParams(url, seed);
      const names = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
      await fc.assert(
        fc.asyncProperty(
          queryArb,
          fc.option(fc.tuple(fc.constantFrom(...(names.length ? names : ["none"])), paramValue)),
          headersArb,
          fc.boolean(),
          async (query, param, headers, anonymous) => {
            const values = { ...params };
            let path = fillPath(url, values);
            if (param && names.length) {
              path = fillPath(url, { ...values, [param[0]]: "\u0001" }).replace("%01", param[1]);
            }
            if (url.endsWith("*") && param) path = `/uploads/${param[1]}`;
            const response = await send(t, anonymous ? undefined : seed.actors.member, {
              method: "GET",
              url: query ? `${path}?${query}` : path,
              remoteAddress: FUZZ_ADDRESS,
              headers,
            });
            assertSafe(response, `GET ${path}?${query} ${JSON.stringify(headers).slice(0, 200)}`);
          },
        ),
        { seed: SEED, numRuns: QUERY_RUNS, endOnFailure: true },
      );
    }
  }, 240_000);

  const hostileUrls = [
    "/uploads/../../../etc/passwd",
    "/uploads/..%2f..%2f..%2fetc%2fpasswd",
    "/uploads/products/%2e%2e/%2e%2e/secret.webp",
    "/uploads/%00.webp",
    "/api/stores/%E0%A4%A",
    "/api/products/%",
    `/api/${"a".repeat(10_000)}`,
    "/api/orders?limit=1&limit=2&offset[]=3",
    "/api/analytics?from=1999-12-31&to=2999-12-31",
    "/api/qr-codes/abc/image?size=1e309&format=svg",
    "//api/stores",
    "/api/stores/..;/stores",
  ];
  it.each(
    hostileUrls.map((url) => [url.length > 80 ? `${url.slice(0, 40)}… (${url.length} chars)` : url, url]),
  )("GET %s", async (_, url) => {
    for (const actor of [undefined, seed.actors.member]) {
      const response = await send(t, actor, { method: "GET", url, remoteAddress: FUZZ_ADDRESS });
      assertSafe(response, `GET ${url}`);
      expect(response.body).not.toContain("root:");
    }
  });
});

describe("values that pass validation but sit at the edges", () => {
  it("an order of the largest allowed prices and quantities is refused cleanly, not a 500", async () => {
    const make = resources(t, seed);
    const lines = [];
    for (let n = 0; n < 2; n++) {
      const product = await make.product(seed.store.id, { basePrice: "99999999", title: `Dear ${n}` });
      lines.push({ productId: product.id, qty: 99 });
    }
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...validOrder(seed.store.id, seed.product.id), items: lines },
    });
    assertSafe(response, "POST /api/orders 2 × 99 × 99,999,999 kr");
  }, 60_000);

  it("an order of 50 lines of unknown products is a 4xx", async () => {
    const items = Array.from({ length: 50 }, () => ({ productId: randomUUID(), qty: 99 }));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": `edge-${randomUUID()}` },
      payload: { ...validOrder(seed.store.id, seed.product.id), items },
    });
    assertSafe(response, "POST /api/orders 50 unknown lines");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("a multipart product whose fields are hostile is a 4xx", async () => {
    const hostileForms: Record<string, string>[] = [
      { title: "x".repeat(70_000), basePrice: "1" },
      { title: "Mug", basePrice: "1e309" },
      { title: "Mug", basePrice: "1", coordinates: '{"x":1e309,"y":"__proto__"}' },
      { title: "Mug", basePrice: "1", coordinates: `${"[".repeat(50_000)}${"]".repeat(50_000)}` },
      { title: "Mug", basePrice: "1", imageUrl: "/uploads/products/../../x-1600.webp" },
      { title: "Mug", basePrice: "1", category: "x".repeat(60_000), altText: "\u0000" },
      { title: "\u0000", basePrice: "-0" },
    ];
    for (const fields of hostileForms) {
      const response = await send(t, seed.actors.member, {
        method: "POST",
        url: `/api/stores/${seed.store.id}/products`,
        ...multipart(fields),
      });
      assertSafe(response, `multipart ${JSON.stringify(fields).slice(0, 120)}`);
      expect(response.statusCode, JSON.stringify(fields).slice(0, 120)).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("after the fuzzing", () => {
  it("nothing polluted Object.prototype", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("the app still answers, and the member still has their store", async () => {
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    const store = await send(t, seed.actors.member, { method: "GET", url: `/api/stores/${seed.store.id}` });
    expect(store.statusCode).toBe(200);
  });
});
