import type {
  AggregateOffer,
  ItemList,
  Offer,
  Organization,
  Product,
  ProductGroup,
  WithContext,
} from "schema-dts";
import { displayPrice } from "../../../shared/display-price";
import type { ProductVariantView, ProductView } from "../../../shared/product";
import { productUrl, shopOrigin, shopUrl } from "../../../shared/shop-address";
import type { PublicStore } from "../../../shared/storefront";
import { absoluteUrl } from "../../lib/origin";
import { productImageUrls } from "./feed-items";
import { attributeOfOption, variantAttributes } from "./variant-attributes";

/**
 * The schema.org structured data (JSON-LD) the shop pages carry in their <head> (decision 0039), typed
 * by schema-dts so TypeScript checks the shape. A product page follows Google's "Product" merchant
 * listing (developers.google.com/search/docs/appearance/structured-data/merchant-listing): name, image,
 * and an Offer with price, priceCurrency and availability; a product with variants is a ProductGroup
 * with one Product per variant in `hasVariant`, as Google's "Product variant structured data"
 * (developers.google.com/search/docs/appearance/structured-data/product-variants) describes. When the
 * variants cost different amounts the group also carries an AggregateOffer (decision 0060): schema.org's
 * "lowPrice: the lowest price of all offers available", "highPrice: the highest price of all offers
 * available", "offerCount: the number of offers for the product"; Google's product snippets require its
 * lowPrice and priceCurrency and recommend highPrice and offerCount, and show it as a price range. The
 * per-variant Offers stay for merchant listings, which read an Offer's price. A storefront
 * is an ItemList of its products' addresses (the "summary page" of Google's carousel documentation).
 *
 * Every address is the shop's (shared/shop-address.ts, decision 0080): on its own domain once it has
 * one. The store is an Organization, its name, its storefront's address and its wide logo, both as the
 * product's `brand` (a maker's shop is its own brand; schema.org's brand takes "Brand" or
 * "Organization") and as each offer's `seller`. What each property may hold is tested against the
 * schema.org vocabulary itself (fixtures/schemaorg-subset.json).
 */

/** What the structured data needs of the store: its address, name and look. */
export type StructuredDataStore = Pick<PublicStore, "name" | "slug" | "domain"> & {
  brand: Pick<PublicStore["brand"], "logoWide">;
};

/** The store as schema.org's Organization: name, the storefront's address, and its wide logo when set. */
function organization(store: StructuredDataStore, origin: string): Organization {
  const logo = absoluteUrl(store.brand.logoWide, shopOrigin(store, origin));
  return {
    "@type": "Organization",
    name: store.name,
    url: shopUrl(store, origin),
    ...(logo ? { logo } : {}),
  };
}

/** An offer: the price as the number schema.org asks for ("349.00", a dot, no currency sign), in kroner. */
function offer(url: string, price: string, currency: string, available: boolean, shop: Organization): Offer {
  return {
    "@type": "Offer",
    url,
    price,
    priceCurrency: currency,
    availability: available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller: shop,
  };
}

/** The product page's structured data: a Product, or a ProductGroup for a product sold as variants. */
export function productStructuredData(
  product: ProductView,
  store: StructuredDataStore,
  origin: string,
  description: string,
): WithContext<Product> | WithContext<ProductGroup> {
  const url = productUrl(store, origin, product.id);
  const shop = organization(store, origin);
  const image = productImageUrls(product, shopOrigin(store, origin));
  const common = { name: product.title, description, url, image, brand: shop } as const;
  if (product.options.length === 0 || product.variants.length === 0) {
    return {
      "@context": "https://schema.org",
      "@type": "Product",
      ...common,
      ...(product.sku ? { sku: product.sku } : {}),
      offers: offer(url, product.basePrice, product.currencyCode, product.available, shop),
    };
  }
  const variesBy = product.options
    .map((option) => attributeOfOption(option))
    .filter((attribute) => attribute !== undefined)
    .map((attribute) => `https://schema.org/${attribute}`);
  const price = displayPrice(product);
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    ...common,
    productGroupID: product.id,
    ...(variesBy.length > 0 ? { variesBy } : {}),
    // The range the storefront shows as "from" (src/shared/display-price.ts): the same variants count.
    ...(price.from ? { offers: priceRange(url, price, product, shop) } : {}),
    hasVariant: product.variants.map((variant) => variantProduct(product, variant, url, image, shop)),
  };
}

/** The group's prices as one AggregateOffer: lowest and highest, as numbers with a dot, in kroner. */
function priceRange(
  url: string,
  price: { amount: string; high: string },
  product: ProductView,
  shop: Organization,
): AggregateOffer {
  return {
    "@type": "AggregateOffer",
    url,
    lowPrice: price.amount,
    highPrice: price.high,
    offerCount: product.variants.length,
    priceCurrency: product.currencyCode,
    availability: product.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller: shop,
  };
}

function variantProduct(
  product: ProductView,
  variant: ProductVariantView,
  url: string,
  image: string[],
  shop: Organization,
): Product {
  const sku = variant.sku ?? product.sku;
  return {
    "@type": "Product",
    name: `${product.title} (${variant.label})`,
    image,
    ...(sku ? { sku } : {}),
    inProductGroupWithID: product.id,
    ...variantAttributes(product.options, variant),
    offers: offer(url, variant.price ?? product.basePrice, product.currencyCode, variant.available, shop),
  };
}

/**
 * A storefront page's structured data: the list of the product pages it shows, in the storefront's
 * order. A later page of a big store (decision 0040) lists its own products, numbered on from the
 * pages before it, at its own address (`page.url`, the page's canonical address).
 */
export function storefrontStructuredData(
  store: Pick<PublicStore, "name" | "slug" | "domain">,
  products: readonly Pick<ProductView, "id">[],
  origin: string,
  page: { url: string; firstPosition: number } = { url: shopUrl(store, origin), firstPosition: 1 },
): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: store.name,
    url: page.url,
    numberOfItems: products.length,
    itemListElement: products.map((product, n) => ({
      "@type": "ListItem",
      position: page.firstPosition + n,
      url: productUrl(store, origin, product.id),
    })),
  };
}
