import { describe, expect, it } from "vitest";
import { addDomainSchema, isApexDomain, normaliseDomain } from "./domains";

describe("a shop's domain as typed", () => {
  it("is kept as the bare host name, lower case, in its ASCII form", () => {
    expect(normaliseDomain(" KeramikkKari.no ")).toBe("keramikkkari.no");
    expect(normaliseDomain("https://www.keramikkari.no/shop?x=1")).toBe("www.keramikkari.no");
    expect(normaliseDomain("keramikkari.no.")).toBe("keramikkari.no");
    expect(normaliseDomain("keramikkari.no:443")).toBe("keramikkari.no");
    expect(normaliseDomain("blåbær.no")).toBe("xn--blbr-roah.no");
  });

  it("refuses what is not a host name of two labels or more", () => {
    for (const text of [
      "",
      "localhost",
      "keramikkari",
      "127.0.0.1",
      "[::1]",
      "a..no",
      "-a.no",
      "a b.no",
      "user@a.no",
    ]) {
      expect(normaliseDomain(text), text).toBeUndefined();
    }
    expect(addDomainSchema.safeParse({ domain: "not a domain" }).error?.issues[0]?.message).toBe(
      "errors.domainInvalid",
    );
  });

  it("tells an apex, which needs A records, from a subdomain, which takes a CNAME", () => {
    expect(isApexDomain("keramikkari.no")).toBe(true);
    expect(isApexDomain("keramikkari.co.uk")).toBe(true);
    expect(isApexDomain("www.keramikkari.no")).toBe(false);
  });
});
