/**
 * Issue items 9 and 10: text that no database column can hold, and line breaks in one-line fields.
 *
 * Attack: U+0000 or a lone surrogate ("\ud800" in the JSON) in a text field. PostgreSQL refuses both in
 * text and JSON, so every field that reached a statement answered 500; in a checkout, the bad order failed
 * its whole batch, and the batch was written again one checkout at a time. Now one shared rule of the
 * schemas (src/shared/text.ts) refuses them with 400, so bad text never reaches a statement or a batch;
 * one-line fields (a store's name, its legal name...) refuse line breaks too.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageOrderSchema } from "../../shared/product-images";
import { newProductFormSchema, updateProductSchema } from "../../shared/variants";
import type { z } from "../../shared/zod";
import type { PreparedQuery } from "../db/client";
import { createTestApp, type TestApp } from "../test/harness";
import { recordedRoutesOf } from "./route-inventory";
import { type Actor, resources, type Seed, seedScenario, send, validOrder } from "./scenario";

vi.mock("fastify", async (importOriginal) =>
  (await import("./route-inventory")).withRouteRecorder(await importOriginal()),
);

let t: TestApp;
let seed: Seed;
beforeAll(async () => {
  // The checkout-batch test places many orders from one address.
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
  seed = await seedScenario(t);
}, 120_000);
afterAll(() => t?.close());

const NUL = "Nora\u0000Kunde";
const LONE_SURROGATE = "Nora\ud800Kunde";
const CHARACTER_REFUSED = "This text contains a character that is not allowed";
const LINE_BREAK_REFUSED = "Line breaks are not allowed here";

interface Field {
  name: string;
  actor: () => Actor | undefined;
  request: (text: string) => Promise<InjectOptions> | InjectOptions;
}

const member = () => seed.actors.member;
const storeUrl = () => `/api/stores/${seed.store.id}`;
const storeField = (field: string): Field => ({
  name: `store ${field}`,
  actor: member,
  request: (text) => ({ method: "PUT", url: storeUrl(), payload: { [field]: text } }),
});
const deliveryOption = (fields: Record<string, string>) => ({
  method: "PUT" as const,
  url: `${storeUrl()}/delivery-options`,
  payload: [{ name: "Hent i butikken", kind: "pickup", price: 0, ...fields }],
});
const order = (fields: Record<string, unknown>): InjectOptions => ({
  method: "POST",
  url: "/api/orders",
  payload: { ...validOrder(seed.store.id, seed.product.id), ...fields },
});

/** The buyer's details on a paid stall sale of the seed store (decision 0077). */
async function saleBuyer(fields: Record<string, string>): Promise<InjectOptions> {
  const created = await send(t, member(), {
    method: "POST",
    url: `${storeUrl()}/sales`,
    payload: {
      clientSaleId: crypto.randomUUID(),
      soldAt: new Date().toISOString(),
      items: [{ title: "Annet", unitPrice: "50", qty: 1 }],
      payment: { method: "cash" },
    },
  });
  if (created.statusCode !== 201) throw new Error(`sale not made: ${created.statusCode} ${created.body}`);
  const id = (created.json() as { id: string }).id;
  return {
    method: "PUT",
    url: `/api/sales/${id}/buyer`,
    payload: { name: "Kari Nordmann", address: "Fjordveien 2", ...fields },
  };
}

/** A stall sale (decision 0077) with `fields` over a cash sale of one free amount. */
const sale = (fields: Record<string, unknown>): InjectOptions => ({
  method: "POST",
  url: `${storeUrl()}/sales`,
  payload: {
    clientSaleId: `text-${Math.random().toString(36).slice(2)}`,
    soldAt: new Date().toISOString(),
    items: [{ title: "Annet", unitPrice: "250", qty: 1 }],
    payment: { method: "cash" },
    ...fields,
  },
});
const buyer = { name: "Kari Nordmann", address: "Storgata 1\n0155 Oslo" };

/** The audit's fifteen fields (and the ones added since), each over the route a form sends it to. */
const FIELDS: Field[] = [
  {
    name: "register full name",
    actor: () => undefined,
    request: (text) => ({
      method: "POST",
      url: "/api/register",
      payload: { fullName: text, email: `nul-${Math.random()}@example.no`, password: "a-strong-password" },
    }),
  },
  {
    name: "store name (new store)",
    actor: member,
    request: (text) => ({ method: "POST", url: "/api/stores", payload: { name: text, slug: "nul-store" } }),
  },
  storeField("name"),
  storeField("description"),
  storeField("legalName"),
  storeField("address"),
  storeField("termsExtra"),
  {
    name: "product title",
    actor: member,
    request: (text) => ({ method: "PUT", url: `/api/products/${seed.product.id}`, payload: { title: text } }),
  },
  { name: "delivery option name", actor: member, request: (text) => deliveryOption({ name: text }) },
  { name: "delivery option note", actor: member, request: (text) => deliveryOption({ note: text }) },
  {
    name: "Bring sender name",
    actor: member,
    request: (text) => ({
      method: "PUT",
      url: `${storeUrl()}/carrier`,
      payload: {
        provider: "bring",
        apiUid: "mybring@torg.test",
        apiKey: "fake-bring-api-key-0001",
        customerNumber: "20012345678",
        sender: { name: text, street: "Storgata 1", postalCode: "0155", city: "Oslo" },
        services: [{ code: "5800" }],
        defaultWeightGrams: 1000,
      },
    }),
  },
  { name: "checkout name", actor: () => undefined, request: (text) => order({ shipToName: text }) },
  {
    name: "checkout address",
    actor: () => undefined,
    request: (text) => order({ shipToAddr: { address: text } }),
  },
  {
    name: "profile full name",
    actor: member,
    request: (text) => ({
      method: "PUT",
      url: `/api/users/${member().user?.id}`,
      payload: { fullName: text, email: member().user?.email },
    }),
  },
  {
    name: "QR code url",
    actor: member,
    request: (text) => ({
      method: "POST",
      url: "/api/qr-codes",
      payload: { url: `https://example.no/${text}` },
    }),
  },
  { name: "stall buyer name", actor: member, request: (text) => saleBuyer({ name: text }) },
  { name: "stall buyer address", actor: member, request: (text) => saleBuyer({ address: text }) },
  {
    // A market's name (issue 30): a store of its own per attempt, as a store has one open market.
    name: "market name",
    actor: member,
    request: async (text) => ({
      method: "POST",
      url: `/api/stores/${(await resources(t, seed).store()).id}/market-sessions`,
      payload: { name: text },
    }),
  },
  {
    name: "tracking number",
    actor: member,
    request: (text) => ({
      method: "PATCH",
      url: `/api/orders/${seed.order.id}/status`,
      payload: { status: "fulfilled", trackingNumber: text },
    }),
  },
  {
    name: "stall sale line title",
    actor: member,
    request: (text) => sale({ items: [{ title: text, unitPrice: "250", qty: 1 }] }),
  },
  {
    name: "stall sale terminal reference",
    actor: member,
    request: (text) => sale({ payment: { method: "card_terminal", terminalRef: text } }),
  },
  {
    name: "stall sale buyer name",
    actor: member,
    request: (text) => sale({ buyer: { ...buyer, name: text } }),
  },
  {
    name: "stall sale buyer address",
    actor: member,
    request: (text) => sale({ buyer: { ...buyer, address: text } }),
  },
];

describe("issue 9: U+0000 and lone surrogates are refused with 400 in every text field", () => {
  for (const field of FIELDS) {
    it(`${field.name}`, async () => {
      for (const text of [NUL, LONE_SURROGATE]) {
        const response = await send(t, field.actor(), await field.request(text));
        const what = `${field.name} with ${JSON.stringify(text)}`;
        expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
        expect(response.json().message, what).toBe(CHARACTER_REFUSED);
      }
    });
  }

  it("keeps what is allowed: a surrogate pair (an emoji), and line breaks where a field has lines", async () => {
    const response = await send(t, member(), {
      method: "PUT",
      url: storeUrl(),
      payload: {
        description: "Krus og boller 🏺\nDreid for hånd",
        termsExtra: "Linje én\r\nLinje to\tmed tab",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().theme.description).toBe("Krus og boller 🏺\nDreid for hånd");
  });
});

describe("issue 10 (part): one-line fields refuse line breaks", () => {
  for (const field of ["name", "legalName"]) {
    it(`store ${field}`, async () => {
      for (const text of ["Astrid\nKeramikk", "Astrid\rKeramikk", "Astrid\u2028Keramikk"]) {
        const response = await send(t, member(), {
          method: "PUT",
          url: storeUrl(),
          payload: { [field]: text },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBe(LINE_BREAK_REFUSED);
      }
    });
  }

  it("a new account's full name (a one-line field outside the store, by the same rule)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { fullName: "Nora\nKunde", email: "line-break@example.no", password: "a-strong-password" },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(LINE_BREAK_REFUSED);
  });

  it("a new store's name", async () => {
    const response = await send(t, member(), {
      method: "POST",
      url: "/api/stores",
      payload: { name: "Astrid\r\nKeramikk", slug: "line-break-store" },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(LINE_BREAK_REFUSED);
  });
});

describe("issue 9: a bad order never enters a checkout batch", () => {
  it("60 good orders and one with U+0000, sent at once: each good order is written once, the bad one never", async () => {
    const { id: productId } = await resources(t, seed).product();
    /** The buyers' names of each batch the checkout statement was given, and the batches that failed. */
    const batches: string[][] = [];
    let failed = 0;
    const database = t.database;
    const run = database.runPreparedTransaction.bind(database);
    database.runPreparedTransaction = (<T>(work: (query: PreparedQuery) => Promise<T>) =>
      run((query) =>
        work(<Row>(name: string, text: string, params: unknown[]) => {
          if (name === "place_orders") {
            const checkouts = JSON.parse(String(params[0])) as { ship_to_name: string }[];
            batches.push(checkouts.map((checkout) => checkout.ship_to_name));
          }
          return query<Row>(name, text, params);
        }),
      ).catch((error: unknown) => {
        failed++;
        throw error;
      })) as typeof run;
    try {
      const place = (shipToName: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/orders",
          payload: { ...validOrder(seed.store.id, productId), shipToName },
        });
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, (_, n) => place(`Good Buyer ${n}`)),
        place(NUL),
        ...Array.from({ length: 30 }, (_, n) => place(`Good Buyer ${30 + n}`)),
      ]);
      const bad = answers[30];
      expect(bad?.statusCode, bad?.body).toBe(400);
      expect(bad?.json().message).toBe(CHARACTER_REFUSED);
      const good = answers.filter((_, n) => n !== 30);
      expect(good.map((answer) => answer.statusCode)).toEqual(good.map(() => 201));

      const written = batches.flat();
      expect(written, "the bad order reached a batch").not.toContain(NUL);
      expect(failed, "checkout transactions that failed").toBe(0);
      // A failed batch used to be written again one checkout at a time: each good order twice.
      expect(written.length, `batches of ${batches.map((batch) => batch.length).join(", ")}`).toBe(60);
    } finally {
      database.runPreparedTransaction = run;
    }
  }, 60_000);
});

/**
 * Text fields that may take any character, each with the reason. Everything else that takes text must
 * refuse what no column can hold.
 */
const ANY_TEXT: Record<string, string> = {
  password: "never stored or shown: hashed as UTF-8 bytes, as typed",
  currentPassword: "never stored or shown: checked against the hash",
  newPassword: "never stored or shown: hashed as UTF-8 bytes, as typed",
  externalId: "the payment channel's pattern (digits, or acct_ and letters) is checked on the whole object",
};
/** Query texts are looked up, never stored; these never reach a statement as they came. */
const LOOKUP_TEXT: Record<string, string> = {
  slug: "made into a slug (letters, digits, hyphens) before it is looked up",
  q: "only its letters and digits reach to_tsquery (products/search.ts)",
  storeId: "a store id that is not a UUID is not found before any query (lib/guards.ts isUuid)",
};

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** Whether a schema takes a string as input (a text, or a wrapper, pipe or union around one). */
function takesText(schema: AnySchema): boolean {
  const def = schema._zod.def;
  if (def.type === "string") return true;
  if (def.type === "pipe") return takesText(def.in as AnySchema);
  if (def.type === "union") return (def.options as AnySchema[]).some(takesText);
  if (def.type === "lazy") return takesText((def.getter as () => AnySchema)());
  return "innerType" in def && takesText(def.innerType as AnySchema);
}

/** Every place in a schema where a text is read, as [path, the schema that reads it]. */
function textPositions(schema: AnySchema, path: string): [string, AnySchema][] {
  const def = schema._zod.def;
  const here: [string, AnySchema][] = takesText(schema) ? [[path, schema]] : [];
  const inner = (child: unknown, childPath = path) => textPositions(child as AnySchema, childPath);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, AnySchema>).flatMap(([key, child]) =>
        inner(child, `${path}.${key}`),
      );
    case "array":
      return [...here, ...inner(def.element, `${path}[]`)];
    case "record":
      return inner(def.valueType, `${path}{}`);
    case "union":
      return [...here, ...(def.options as AnySchema[]).flatMap((option) => inner(option))];
    case "intersection":
      return [...inner(def.left), ...inner(def.right)];
    case "pipe":
      return takesText(schema) ? here : inner(def.in);
    case "lazy":
      return inner((def.getter as () => AnySchema)());
    default:
      return "innerType" in def && !takesText(schema) ? inner(def.innerType) : here;
  }
}

const fieldName = (path: string) => path.slice(path.lastIndexOf(".") + 1).replace(/\[\]|\{\}/g, "");
const dedupe = (positions: [string, AnySchema][]) => [...new Map(positions).entries()];

describe("issue 9: every text a route reads takes the shared rule (src/shared/text.ts)", () => {
  it("every body and query text refuses U+0000 and lone surrogates", () => {
    const schemas: [string, AnySchema][] = [];
    // A HEAD route is its GET's twin.
    for (const route of recordedRoutesOf(t.app).filter((route) => route.method !== "HEAD")) {
      for (const part of ["body", "querystring"] as const) {
        const schema = route.schema?.[part] as AnySchema | undefined;
        if (schema) schemas.push([`${route.method} ${route.url} ${part}`, schema]);
      }
    }
    // Parsed by their handlers (multipart forms and bodies read in more than one way).
    schemas.push(
      ["POST /api/stores/:storeId/products (form fields)", newProductFormSchema as unknown as AnySchema],
      ["PUT /api/products/:id body", updateProductSchema as unknown as AnySchema],
      ["PUT /api/products/:id/images/order body", imageOrderSchema as unknown as AnySchema],
    );
    const positions = dedupe(schemas.flatMap(([route, schema]) => textPositions(schema, route)));
    expect(positions.length).toBeGreaterThan(50);
    const takesAnything = positions
      .filter(([path]) => !(fieldName(path) in (path.includes(" querystring.") ? LOOKUP_TEXT : ANY_TEXT)))
      .filter(([, schema]) => [NUL, LONE_SURROGATE].some((text) => schema.safeParse(text).success))
      .map(([path]) => path);
    expect(takesAnything).toEqual([]);
  });
});
