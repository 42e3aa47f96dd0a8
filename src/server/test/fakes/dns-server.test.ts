import dns from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeResolver, DnsUnavailableError } from "../../adapters/dns";
import { characterStrings, type FakeDns, startFakeDns } from "./dns-server";

/**
 * The local DNS server against Node's resolver (the adapter Torg asks), over the wire: what RFC 1035 says
 * a server answers, it answers.
 */
let fake: FakeDns;
let resolver: ReturnType<typeof createNodeResolver>;
beforeAll(async () => {
  fake = await startFakeDns({ controlPort: 0 });
  resolver = createNodeResolver({ servers: [fake.server], timeoutMs: 500, tries: 1 });
});
afterAll(() => fake.close());

describe("the local DNS server", () => {
  it("answers A, AAAA, CNAME and TXT records from its table", async () => {
    fake.set([
      { type: "A", name: "torg.test", value: "192.0.2.10" },
      { type: "AAAA", name: "torg.test", value: "2001:db8::10" },
      { type: "CNAME", name: "www.shop.test", value: "torg.test" },
      { type: "TXT", name: "_torg-verify.shop.test", value: "torg-verify=abc" },
    ]);
    expect(await resolver.resolve4("torg.test")).toEqual(["192.0.2.10"]);
    expect(await resolver.resolve6("torg.test")).toEqual(["2001:db8::10"]);
    expect(await resolver.resolveCname("www.shop.test")).toEqual(["torg.test"]);
    expect(await resolver.resolveTxt("_torg-verify.shop.test")).toEqual([["torg-verify=abc"]]);
  });

  it("compares names without regard to case (RFC 1035 §2.3.3)", async () => {
    fake.set([{ type: "A", name: "Kasus.Test", value: "192.0.2.20" }]);
    expect(await resolver.resolve4("kASUS.test")).toEqual(["192.0.2.20"]);
  });

  it("answers a name it does not hold with a Name Error, and a held name without the type with no data", async () => {
    fake.set([{ type: "A", name: "only-a.test", value: "192.0.2.30" }]);
    // NXDOMAIN and NODATA are both "no records" to the adapter, not an outage.
    expect(await resolver.resolve4("unknown-name.test")).toEqual([]);
    expect(await resolver.resolveTxt("only-a.test")).toEqual([]);
    await expect(createNodeResolverRaw().resolve4("unknown-name.test")).rejects.toMatchObject({
      code: "ENOTFOUND",
    });
    await expect(createNodeResolverRaw().resolveTxt("only-a.test")).rejects.toMatchObject({
      code: "ENODATA",
    });
  });

  it("follows a CNAME for another type and answers both records (RFC 1034 §3.6.2)", async () => {
    fake.set([
      { type: "CNAME", name: "alias.test", value: "target.test" },
      { type: "A", name: "target.test", value: "192.0.2.40" },
    ]);
    expect(await resolver.resolve4("alias.test")).toEqual(["192.0.2.40"]);
  });

  it("splits long text into character-strings of at most 255 octets, which the reader joins (RFC 1035 §3.3)", async () => {
    const long = "v".repeat(600);
    expect(characterStrings(long).map((part) => part.length)).toEqual([255, 255, 90]);
    fake.set([{ type: "TXT", name: "long.test", value: long }]);
    // 600 octets do not fit a 512-octet UDP message (RFC 1035 §4.2.1): the answer comes over TCP.
    const [record] = await resolver.resolveTxt("long.test");
    expect(record?.map((chunk) => chunk.length)).toEqual([255, 255, 90]);
    expect(record?.join("")).toBe(long);
    expect(() => characterStrings(["x".repeat(256)])).toThrow(/255 octets/);
  });

  it("keeps the character-strings it is given as one record's", async () => {
    fake.set([{ type: "TXT", name: "split.test", value: ["torg-verify=", "abc"] }]);
    expect(await resolver.resolveTxt("split.test")).toEqual([["torg-verify=", "abc"]]);
  });

  it("is steered over HTTP: records set and removed", async () => {
    const set = await fetch(`${fake.controlUrl}/_fake/dns/records`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ records: [{ type: "TXT", name: "http.test", value: "hello" }] }),
    });
    expect(set.status).toBe(200);
    expect(await resolver.resolveTxt("http.test")).toEqual([["hello"]]);
    const bad = await fetch(`${fake.controlUrl}/_fake/dns/records`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ records: [{ type: "MX", name: "http.test", value: "x" }] }),
    });
    expect(bad.status).toBe(400);
    const removed = await fetch(`${fake.controlUrl}/_fake/dns/records?name=http.test`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await resolver.resolveTxt("http.test")).toEqual([]);
  });

  it("answers Server failure while failing: the adapter calls that DNS unavailable", async () => {
    fake.set([{ type: "A", name: "fails.test", value: "192.0.2.50" }]);
    fake.failing = true;
    try {
      await expect(resolver.resolve4("fails.test")).rejects.toBeInstanceOf(DnsUnavailableError);
      await expect(resolver.resolve4("fails.test")).rejects.toMatchObject({ code: "ESERVFAIL" });
    } finally {
      fake.failing = false;
    }
    expect(await resolver.resolve4("fails.test")).toEqual(["192.0.2.50"]);
  });

  it("a server that is not there is DNS unavailable, not an empty answer", async () => {
    const gone = await startFakeDns();
    await gone.close();
    const lost = createNodeResolver({ servers: [gone.server], timeoutMs: 300, tries: 1 });
    await expect(lost.resolveTxt("anything.test")).rejects.toBeInstanceOf(DnsUnavailableError);
  });
});

/** Node's own resolver on the fake, to read the codes the adapter maps. */
function createNodeResolverRaw() {
  const raw = new dns.promises.Resolver({ timeout: 500, tries: 1 });
  raw.setServers([fake.server]);
  return raw;
}
