// What the plain-Node check stages (the production install, the deployment) share: named checks that
// each pass or fail, and a browser stand-in for one site. No dependencies: they run outside the suites.

/** Checks run one after another; each is logged as passed or failed, and a failure does not stop the rest. */
export function checklist(log = (line) => process.stdout.write(`${line}\n`)) {
  const results = [];
  /** Something the checks needed failed before a check could run (a server that did not start). */
  const fail = (name, error) => {
    results.push(false);
    log(`  ✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
  };
  return {
    /** Runs one check; what it returns is shown beside its name. */
    async check(name, body) {
      try {
        const detail = await body();
        results.push(true);
        log(`  ✓ ${name}${detail ? ` (${detail})` : ""}`);
      } catch (error) {
        fail(name, error);
      }
    },
    fail,
    summary: () => ({ passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length }),
  };
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** The answer's status, or a failure naming what answered and what it said. */
export async function expectStatus(response, status, what) {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
}

/**
 * A browser stand-in for the site at `origin`: keeps the session cookie between calls and sends the
 * site's own Origin, as the app does (writes from another origin are refused). `via` is where requests
 * go when that is not `origin` itself (a proxy in front of the site); `fetch` may be another fetch(),
 * such as one that resolves names and trusts a CA of its own.
 */
export function siteClient(origin, { via = origin, fetch: send = fetch } = {}) {
  let cookie = "";
  const call = async (url, { method = "GET", body, headers = {}, base = via } = {}) => {
    const response = await send(`${base}${url}`, {
      method,
      body,
      headers: { origin, ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie?.startsWith("torg_session=")) cookie = setCookie.split(";")[0];
    return response;
  };
  return {
    call,
    json: (url, value, method = "POST") =>
      call(url, { method, body: JSON.stringify(value), headers: { "content-type": "application/json" } }),
    /** Forgets the session: the next calls are an anonymous shopper's. */
    signOut() {
      cookie = "";
    },
  };
}

/**
 * A seller's first steps, as two checks: sign up (the session is kept by `client`), then create a store.
 * Returns the seller's e-mail and, once created, the store.
 */
export async function sellerWithStore({ check }, { json }, { fullName, storeName, via = "" }) {
  const slugBase = storeName.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const email = `${slugBase}-${Date.now()}@example.no`;
  const result = { email, store: undefined };
  await check(`a seller signs up${via}`, async () => {
    await expectStatus(
      await json("/api/register", { fullName, email, password: "correct horse battery" }),
      201,
      "register",
    );
  });
  await check("the seller creates a store", async () => {
    const response = await json("/api/stores", {
      name: storeName,
      slug: `${slugBase}-${Date.now()}`,
      defaultLocale: "nb",
    });
    await expectStatus(response, 201, "create store");
    result.store = await response.json();
  });
  return result;
}

/**
 * A shopper's steps, as two checks: the storefront (rendered on the server) shows the product, then an
 * anonymous order for it is placed.
 */
export async function shopperBuys({ check }, { call, json, signOut }, { store, product, title, via = "" }) {
  await check(`the storefront is rendered${via}`, async () => {
    const response = await call(`/s/${store.slug}`);
    const html = await response.text();
    expect(
      response.status === 200 && html.includes(title),
      `GET /s/${store.slug} answered ${response.status}`,
    );
  });
  await check(`a shopper places an order${via}`, async () => {
    signOut();
    const response = await json("/api/orders", {
      storeId: store.id,
      buyerEmail: "kari@example.no",
      shipToName: "Kari Nordmann",
      shipToPhone: "+4791234567",
      items: [{ productId: product.id, qty: 1 }],
    });
    await expectStatus(response, 201, "order");
  });
}
