import { describe, expect, it } from "vitest";
import { storefrontHref } from "./shop-links";

describe("storefrontHref", () => {
  it("keeps a storefront page's search and page under /s/{slug}, or at a domain's root", () => {
    const torg = { slug: "leirverket", domain: null };
    const own = { slug: "leirverket", domain: "leirverket.no" };
    expect(storefrontHref(torg)).toBe("/s/leirverket");
    expect(storefrontHref(torg, 2, "krus")).toBe("/s/leirverket?q=krus&page=2");
    expect(storefrontHref(own)).toBe("/");
    expect(storefrontHref(own, 3)).toBe("/?page=3");
    expect(storefrontHref(own, 1, "blå krus")).toBe("/?q=bl%C3%A5+krus");
  });
});
