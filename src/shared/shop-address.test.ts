import { describe, expect, it } from "vitest";
import { domainOrigin, productUrl, shopPath, shopUrl } from "./shop-address";

const torg = { slug: "keramikk-kari", domain: null };
const own = { slug: "keramikk-kari", domain: "keramikkari.no" };

describe("shop addresses", () => {
  it("puts a shop without a domain under /s/{slug}", () => {
    expect(shopPath(torg)).toBe("/s/keramikk-kari");
    expect(shopPath(torg, "/about")).toBe("/s/keramikk-kari/about");
    expect(shopPath(torg, "?page=2")).toBe("/s/keramikk-kari?page=2");
    expect(shopUrl(torg, "https://torg.no", "/order/abc")).toBe("https://torg.no/s/keramikk-kari/order/abc");
    expect(productUrl(torg, "https://torg.no", "p1")).toBe("https://torg.no/products/p1");
  });

  it("puts a shop with a domain at the domain's root, with the platform's scheme and port", () => {
    expect(shopPath(own)).toBe("/");
    expect(shopPath(own, "/terms")).toBe("/terms");
    expect(shopPath(own, "?page=2")).toBe("/?page=2");
    expect(shopUrl(own, "https://torg.no")).toBe("https://keramikkari.no/");
    expect(shopUrl(own, "https://torg.no", "/order/abc")).toBe("https://keramikkari.no/order/abc");
    expect(productUrl(own, "https://torg.no", "p1")).toBe("https://keramikkari.no/products/p1");
    expect(domainOrigin("keramikkari.no", "http://127.0.0.1:3000")).toBe("http://keramikkari.no:3000");
  });
});
