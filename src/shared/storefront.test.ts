import { describe, expect, it } from "vitest";
import type { ProductView } from "./product";
import { toStorefrontProduct } from "./storefront";

const view: ProductView = {
  id: "6612fbe7-0df8-432b-8109-d8d18129d37b",
  storeId: "e2674427-6d02-4d65-83bc-7ede36f449e3",
  sku: "KRUS-01",
  title: "Krus",
  blurb: "Dreid og glasert for hånd.",
  seoMetaTitle: "Krus i steintøy",
  seoMetaDesc: "Et krus",
  basePrice: "349.00",
  currencyCode: "NOK",
  isActive: true,
  coordinates: { x: 40, y: 60 },
  position: 3,
  stockQty: 2,
  available: true,
  options: [{ name: "Størrelse", values: ["S", "M"] }],
  variants: [],
  primaryImage: "/uploads/products/a-1600.webp",
  images: [{ id: "i1", url: "/uploads/products/a-1600.webp", isPrimary: true, sortOrder: 0 }],
  store: { id: "e2674427-6d02-4d65-83bc-7ede36f449e3", name: "Keramikk", slug: "keramikk" },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  publishedAt: "2026-01-01T00:00:00.000Z",
};

describe("toStorefrontProduct", () => {
  it("carries what a storefront card, its zoom viewer and the cart's add need, as the view has them", () => {
    expect(toStorefrontProduct(view)).toEqual({
      id: view.id,
      title: "Krus",
      sku: "KRUS-01",
      basePrice: "349.00",
      currencyCode: "NOK",
      primaryImage: "/uploads/products/a-1600.webp",
      coordinates: { x: 40, y: 60 },
      stockQty: 2,
      available: true,
      options: [{ name: "Størrelse", values: ["S", "M"] }],
      displayPrice: { amount: "349.00", from: false },
    });
  });

  it("item 5: its card price is 'from' the cheapest variant, not the product's own price", () => {
    const variant = (values: string[], price: string) => ({
      id: values.join(),
      productId: view.id,
      label: values.join(),
      values,
      price,
      priceDelta: "0.00",
      sku: null,
      stockQty: null,
      available: true,
    });
    const card = toStorefrontProduct({
      ...view,
      basePrice: "395.00",
      variants: [variant(["S"], "345.00"), variant(["M"], "425.00")],
    });
    expect(card.displayPrice).toEqual({ amount: "345.00", from: true });
  });

  it("leaves out the seller's texts, position, activity, photos, variants, dates and the repeated store", () => {
    const card = toStorefrontProduct({ ...view, aiMeta: { category: "secret" } } as ProductView);
    for (const field of [
      "aiMeta",
      "isActive",
      "position",
      "seoMetaTitle",
      "seoMetaDesc",
      "blurb",
      "images",
      "variants",
      "store",
      "storeId",
      "createdAt",
      "updatedAt",
      "publishedAt",
    ]) {
      expect(card, field).not.toHaveProperty(field);
    }
  });
});
