import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainView } from "../../../shared/domains";
import { storeDomains } from "../../db/schema";
import { type FakeDns, startFakeDns } from "../../test/fakes/dns-server";
import { createStoreVia } from "../../test/fixtures";
import { type Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { freshDomain, platformRecords, setShownRecords, TEST_PLATFORM } from "./testing";

/** The seller's domain routes and Caddy's ask, against a real local DNS server (decision 0080). */
let fake: FakeDns;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeDns();
  platformRecords(fake);
  // ALLOWED_HOSTS: another name this server answers to besides PUBLIC_URL's (host routing answers 421
  // to any name that is neither the platform's nor a verified shop's).
  t = await createTestApp({
    DNS_SERVERS: fake.server,
    PUBLIC_URL: TEST_PLATFORM.publicUrl,
    ALLOWED_HOSTS: "www.torg-mirror.test",
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function sellerWithStore() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  return { ...seller, store, url: `/api/stores/${store.id}/domains` };
}

async function add(agent: Agent, url: string, domain: string) {
  const response = await agent.post(url, { domain });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DomainView;
}

async function checkNow(agent: Agent, id: string) {
  const response = await agent.post(`/api/domains/${id}/check`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DomainView;
}

const tlsAllowed = (domain: string) =>
  t.app.inject({ method: "GET", url: `/api/domains/tls-allowed?domain=${encodeURIComponent(domain)}` });

describe("a subdomain: TXT and CNAME", () => {
  it("shows the records, finds what is missing, and verifies once both point at Torg", async () => {
    const { agent, url } = await sellerWithStore();
    const domain = freshDomain("www");
    const added = await add(agent, url, domain);
    expect(added).toMatchObject({ domain, status: "pending", primary: false, verifiedAt: null });
    const [txt, cname] = added.records;
    expect(txt).toMatchObject({ type: "TXT", name: `_torg-verify.${domain}` });
    expect(txt?.value).toMatch(/^torg-verify=[A-Za-z0-9_-]{22,}$/);
    expect(cname).toEqual({ type: "CNAME", name: domain, value: TEST_PLATFORM.host });
    expect(added.records).toHaveLength(2);
    // Checked once on adding: nothing set yet.
    expect(added.checkError).toBe("errors.dnsVerifyRecordMissing");
    expect(added.checkedAt).not.toBeNull();

    fake.set([{ type: "TXT", name: txt?.name ?? "", value: txt?.value ?? "" }]);
    expect(await checkNow(agent, added.id)).toMatchObject({
      status: "pending",
      checkError: "errors.dnsTargetMissing",
    });

    // A CNAME elsewhere is not Torg.
    fake.set([{ type: "CNAME", name: domain, value: "elsewhere.example" }]);
    expect((await checkNow(agent, added.id)).checkError).toBe("errors.dnsTargetMissing");

    fake.set([{ type: "CNAME", name: domain, value: TEST_PLATFORM.host }]);
    const verified = await checkNow(agent, added.id);
    expect(verified).toMatchObject({ status: "verified", checkError: null, primary: true });
    expect(verified.verifiedAt).not.toBeNull();
    expect((await agent.get(url)).json()).toEqual([verified]);
    expect((await tlsAllowed(domain)).statusCode).toBe(200);
  });

  it("TXT text split into character-strings of ≤255 octets is joined (RFC 1035 §3.3.14)", async () => {
    const { agent, url } = await sellerWithStore();
    const domain = freshDomain("shop");
    const added = await add(agent, url, domain);
    const value = added.records[0]?.value ?? "";
    fake.set([
      { type: "TXT", name: `_torg-verify.${domain}`, value: [value.slice(0, 12), value.slice(12)] },
      { type: "CNAME", name: domain, value: `${TEST_PLATFORM.host}.` },
    ]);
    expect((await checkNow(agent, added.id)).status).toBe("verified");
  });
});

describe("an apex: TXT and A/AAAA", () => {
  it("shows the platform host's addresses; any one of them found is enough, all elsewhere is not", async () => {
    const { agent, url } = await sellerWithStore();
    const domain = freshDomain();
    const added = await add(agent, url, domain);
    expect(added.records.slice(1)).toEqual([
      { type: "A", name: domain, value: TEST_PLATFORM.v4 },
      { type: "AAAA", name: domain, value: TEST_PLATFORM.v6 },
    ]);
    fake.set([
      { type: "TXT", name: added.records[0]?.name ?? "", value: added.records[0]?.value ?? "" },
      { type: "A", name: domain, value: "198.51.100.7" },
      { type: "AAAA", name: domain, value: "2001:db8::99" },
    ]);
    expect(await checkNow(agent, added.id)).toMatchObject({
      status: "pending",
      checkError: "errors.dnsTargetMissing",
    });
    // The IPv6 address in another spelling is the same address.
    fake.set([{ type: "AAAA", name: domain, value: "2001:0db8:0:0:0:0:0:1" }]);
    expect(await checkNow(agent, added.id)).toMatchObject({ status: "verified", primary: true });
  });

  it("without the platform host's addresses from DNS: 503 and nothing saved", async () => {
    const { agent, url } = await sellerWithStore();
    fake.remove({ name: TEST_PLATFORM.host });
    try {
      const domain = freshDomain();
      const refused = await agent.post(url, { domain });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(/DNS/);
      expect((await agent.get(url)).json()).toEqual([]);
    } finally {
      platformRecords(fake);
    }
  });
});

describe("DNS down", () => {
  it("Check now answers 503 and the stored status stays as it was", async () => {
    const { agent, url } = await sellerWithStore();
    const domain = freshDomain("www");
    const added = await add(agent, url, domain);
    setShownRecords(fake, added);
    expect((await checkNow(agent, added.id)).status).toBe("verified");
    const records = [...fake.records];
    await fake.close();
    try {
      const down = await agent.post(`/api/domains/${added.id}/check`);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toMatch(/DNS/);
      const [row] = await t.database.db.select().from(storeDomains).where(eq(storeDomains.id, added.id));
      expect(row).toMatchObject({ status: "verified", checkError: null });
    } finally {
      fake = await startFakeDns({ port: fake.port });
      fake.set(records);
    }
    expect((await checkNow(agent, added.id)).status).toBe("verified");
  });
});

describe("which domains may be added", () => {
  it("a domain is one store's, across stores and in any spelling", async () => {
    const first = await sellerWithStore();
    const domain = freshDomain("www");
    await add(first.agent, first.url, domain);
    const again = await first.agent.post(first.url, { domain: `HTTPS://${domain.toUpperCase()}./` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This domain is already connected to a shop");
    const other = await sellerWithStore();
    const taken = await other.agent.post(other.url, { domain });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("This domain is already connected to a shop");
  });

  it("a store holds at most MAX_DOMAINS_PER_STORE domains", async () => {
    const { agent, url } = await sellerWithStore();
    for (let n = 0; n < 3; n++) await add(agent, url, freshDomain("www"));
    const over = await agent.post(url, { domain: freshDomain("www") });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("A shop can have at most 3 domains");
  });

  it("the platform's own host, a name under it, loopback and the request's own host are refused", async () => {
    const { agent, url } = await sellerWithStore();
    for (const domain of [TEST_PLATFORM.host, `shop.${TEST_PLATFORM.host}`, "shop.localhost"]) {
      const refused = await agent.post(url, { domain });
      expect(refused.statusCode, domain).toBe(400);
      expect(refused.json().message).toBe("This is Torg's own address: enter your shop's own domain");
    }
    const ownHost = await agent.request({
      method: "POST",
      url,
      payload: { domain: "www.torg-mirror.test" },
      headers: { host: "www.torg-mirror.test" },
    });
    expect(ownHost.statusCode).toBe(400);
    for (const domain of ["not a domain", "127.0.0.1", "localhost", ""]) {
      const invalid = await agent.post(url, { domain });
      expect(invalid.statusCode, domain).toBe(400);
      expect(invalid.json().message).toBe("Enter a domain name, such as keramikkari.no");
    }
    expect((await agent.get(url)).json()).toEqual([]);
  });
});

describe("access", () => {
  it("another seller's store and domain are not found; a visitor must sign in", async () => {
    const owner = await sellerWithStore();
    const added = await add(owner.agent, owner.url, freshDomain("www"));
    const other = await sellerWithStore();
    expect((await other.agent.get(owner.url)).statusCode).toBe(404);
    expect((await other.agent.post(owner.url, { domain: freshDomain() })).statusCode).toBe(404);
    const check = await other.agent.post(`/api/domains/${added.id}/check`);
    expect(check.statusCode).toBe(404);
    expect(check.json().message).toBe("Domain not found");
    expect((await other.agent.delete(`/api/domains/${added.id}`)).statusCode).toBe(404);
    expect((await other.agent.delete("/api/domains/not-a-uuid")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: owner.url })).statusCode).toBe(401);
    // Still there for its owner.
    expect((await owner.agent.get(owner.url)).json()).toHaveLength(1);
  });

  it("Check now is limited per store", async () => {
    const { agent, url } = await sellerWithStore();
    const added = await add(agent, url, freshDomain("www"));
    for (let n = 0; n < 30; n++) await checkNow(agent, added.id);
    const limited = await agent.post(`/api/domains/${added.id}/check`);
    expect(limited.statusCode).toBe(429);
  });
});

describe("removing a domain", () => {
  it("the shop goes back to its Torg address, and no certificate is allowed for the name", async () => {
    const { agent, url } = await sellerWithStore();
    const domain = freshDomain("www");
    const added = await add(agent, url, domain);
    setShownRecords(fake, added);
    await checkNow(agent, added.id);
    expect((await tlsAllowed(domain)).statusCode).toBe(200);
    expect((await agent.delete(`/api/domains/${added.id}`)).json()).toEqual({ ok: true });
    expect((await agent.get(url)).json()).toEqual([]);
    expect((await tlsAllowed(domain)).statusCode).toBe(404);
    // Free for another store now.
    const other = await sellerWithStore();
    await add(other.agent, other.url, domain);
  });
});

describe("GET /api/domains/tls-allowed (Caddy's on-demand TLS ask)", () => {
  it("200 only for a verified domain; pending and unknown 404; a bad or missing name 400", async () => {
    const { agent, url } = await sellerWithStore();
    const verified = freshDomain("www");
    const shown = await add(agent, url, verified);
    setShownRecords(fake, shown);
    await checkNow(agent, shown.id);
    const pending = freshDomain("www");
    await add(agent, url, pending);

    const ok = await tlsAllowed(verified);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await tlsAllowed(`${verified.toUpperCase()}.`)).statusCode).toBe(200);
    const notYet = await tlsAllowed(pending);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({ message: "Domain not found" });
    expect((await tlsAllowed(freshDomain())).statusCode).toBe(404);
    expect((await tlsAllowed("not a domain")).statusCode).toBe(400);
    expect((await tlsAllowed("10.0.0.1")).statusCode).toBe(400);
    const missing = await t.app.inject({ method: "GET", url: "/api/domains/tls-allowed" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty("message");
  });
});
