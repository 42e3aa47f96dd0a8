/** The domain ↔ platform path mapping and the links made outside the pages (decision 0080): pure. */
import { describe, expect, it } from "vitest";
import { storefrontPageHref } from "../../../shared/catalogue-paging";
import { orderSmsText } from "../sms/messages";
import { hostnameOf } from "./host-map";
import { domainPathOf, isShopPath, platformPathOf, productIdOf } from "./paths";

const PRODUCT = "0b4f7c1e-2f6a-4d1b-9c3e-5a6b7c8d9e0f";

describe("a domain's paths", () => {
  it("maps the shop's pages onto the platform's routes, with the query", () => {
    expect(platformPathOf("/", "kari")).toBe("/s/kari");
    expect(platformPathOf("/?page=2&q=mug", "kari")).toBe("/s/kari?page=2&q=mug");
    for (const page of [
      "/about",
      "/terms",
      "/gift-card",
      "/sitemap.xml",
      "/robots.txt",
      "/feeds/google.xml",
      "/feeds/meta.csv",
    ]) {
      expect(platformPathOf(page, "kari")).toBe(`/s/kari${page}`);
      expect(platformPathOf(`${page}/`, "kari")).toBe(`/s/kari${page}/`);
    }
    expect(platformPathOf("/order/abc123?paid=1", "kari")).toBe("/s/kari/order/abc123?paid=1");
    for (const other of [
      `/products/${PRODUCT}`,
      "/r/token",
      "/uploads/a.webp",
      "/api/orders",
      "/login",
      "/s/other",
    ]) {
      expect(platformPathOf(other, "kari"), other).toBeUndefined();
    }
  });

  it("lets through the shop's pages, files and public API only", () => {
    for (const path of [
      "/",
      "/terms",
      `/products/${PRODUCT}`,
      "/r/abc",
      "/uploads/products/x.webp",
      "/assets/index-abc.js",
      "/favicon.ico",
      "/shop-texts/nb.1234.json",
      "/api/orders",
      "/api/orders/quote",
      "/api/orders/by-token/abc/payment",
      "/api/stores/slug/kari",
      `/api/stores/${PRODUCT}/products?page=2`,
      `/api/stores/${PRODUCT}/gift-cards/balance?code=X`,
      `/api/analytics/product-views/${PRODUCT}`,
    ]) {
      expect(isShopPath(path), path).toBe(true);
    }
    for (const path of [
      "/login",
      "/dashboard",
      "/s/kari",
      "/q/abcdefgh",
      "/api/me",
      "/api/login",
      "/api/auth/options",
      `/api/stores/${PRODUCT}`,
      `/api/stores/${PRODUCT}/orders`,
      "/api/health",
      "/metrics",
    ]) {
      expect(isShopPath(path), path).toBe(false);
    }
  });

  it("maps the platform's shop pages back to the domain's, and nothing else", () => {
    expect(domainPathOf("/s/Kari")).toEqual({ slug: "kari", path: "/" });
    expect(domainPathOf("/s/kari/?page=2")).toEqual({ slug: "kari", path: "/?page=2" });
    expect(domainPathOf("/s/kari/order/tok")).toEqual({ slug: "kari", path: "/order/tok" });
    expect(domainPathOf("/s/kari/feed.xml")).toBeUndefined();
    expect(domainPathOf("/products/x")).toBeUndefined();
    expect(productIdOf(`/products/${PRODUCT.toUpperCase()}/`)).toBe(PRODUCT);
    expect(productIdOf("/products/nope")).toBeUndefined();
  });

  it("reads a Host header's name without its port or trailing dot", () => {
    expect(hostnameOf("KeramikKari.no:8080")).toBe("keramikkari.no");
    expect(hostnameOf("keramikkari.no.")).toBe("keramikkari.no");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]:3000");
  });
});

describe("links made outside the pages", () => {
  it("pages a storefront on its domain's root", () => {
    expect(storefrontPageHref({ slug: "kari", domain: "keramikkari.no" }, 2, "mug")).toBe("/?q=mug&page=2");
    expect(storefrontPageHref({ slug: "kari", domain: "keramikkari.no" }, 1)).toBe("/");
    expect(storefrontPageHref("kari", 2)).toBe("/s/kari?page=2");
  });

  it("texts the shop's link on its domain", () => {
    const context = {
      orderId: "1234abcd-0000-4000-8000-000000000000",
      totalGross: "448.00",
      storeId: "s",
      storeName: "Keramikk Kari",
      storeSlug: "kari",
      storeDomain: "keramikkari.no",
      storeLocale: "en",
      toVerifiedStorePhone: false,
      deliveryName: null,
      deliveryKind: null,
      items: [],
    };
    expect(orderSmsText("order_confirmation", context, "https://torg.example.no")).toBe(
      "Torg: we have received your order 1234abcd. The shop: https://keramikkari.no/",
    );
    expect(
      orderSmsText("order_confirmation", { ...context, storeDomain: null }, "https://torg.example.no"),
    ).toBe("Torg: we have received your order 1234abcd. The shop: https://torg.example.no/s/kari");
  });
});
