import { translateShared } from "../../../shared/i18n";
import type { ProductVariantView, ProductView } from "../../../shared/product";
import { productUrl, shopOrigin, shopUrl } from "../../../shared/shop-address";
import type { PublicStore } from "../../../shared/storefront";
import { languageOrEnglish } from "../../lib/language";
import { absoluteUrl } from "../../lib/origin";
import { type VariantAttribute, variantAttributes } from "./variant-attributes";

/**
 * What both product feeds say about an item (decision 0039, 0080), written once: Google's RSS feed
 * (google-feed.ts) and Meta's CSV (meta-feed.ts) only spell it each in their own format. A product with
 * options sells only as one of its variants (decision 0032), so it is one item per variant, grouped by
 * the product's id. Every address is the shop's own (shared/shop-address.ts): on the store's domain once
 * it has one.
 */
export interface FeedItem {
  id: string;
  title: string;
  description: string;
  link: string;
  /** Absolute addresses, the primary photo first. */
  images: string[];
  available: boolean;
  /** "349.00": a number with a dot and two decimals. */
  price: string;
  currency: string;
  brand: string;
  /** The product's id, for a variant. */
  itemGroupId?: string;
  attributes: Partial<Record<VariantAttribute, string>>;
}

/**
 * Title "Max 150 characters" and description "Max 5000 characters" (Google's product data specification;
 * Meta's supported fields allow as many or more), brand "Max 70 characters" (Google; Meta allows 100).
 */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
export const BRAND_MAX = 70;
/** Google: additional_image_link "Up to 10"; Meta's catalogue best practices: "(up to 10)". */
export const ADDITIONAL_IMAGES_MAX = 10;

export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** "349" or "349.5" → "349.00"/"349.50": both services read a number with a dot. */
export const twoDecimals = (amount: string) => Number(amount).toFixed(2);

/** The store's storefront and its name and description, as a feed's channel or header names them. */
export function feedChannel(store: PublicStore, origin: string) {
  const language = languageOrEnglish(store.defaultLocale);
  return {
    title: store.name,
    link: shopUrl(store, origin),
    description:
      store.description?.trim() ||
      translateShared(language, "pageMeta.metaDescription", { store: store.name }),
  };
}

export function feedItems(store: PublicStore, products: readonly ProductView[], origin: string): FeedItem[] {
  const language = languageOrEnglish(store.defaultLocale);
  return products.flatMap((product) => {
    const description = clip(
      product.blurb?.trim() ||
        product.seoMetaDesc?.trim() ||
        translateShared(language, "pageMeta.productMetaDescription", {
          title: product.title,
          store: store.name,
        }),
      DESCRIPTION_MAX,
    );
    const sold = product.options.length > 0 && product.variants.length > 0 ? product.variants : [undefined];
    return sold.map((variant) => item(store, product, description, variant, origin));
  });
}

function item(
  store: PublicStore,
  product: ProductView,
  description: string,
  variant: ProductVariantView | undefined,
  origin: string,
): FeedItem {
  return {
    id: variant?.id ?? product.id,
    title: clip(variant ? `${product.title} (${variant.label})` : product.title, TITLE_MAX),
    description,
    link: productUrl(store, origin, product.id),
    images: productImageUrls(product, shopOrigin(store, origin)).slice(0, 1 + ADDITIONAL_IMAGES_MAX),
    available: variant ? variant.available : product.available,
    price: twoDecimals(variant?.price ?? product.basePrice),
    currency: product.currencyCode,
    brand: clip(store.name, BRAND_MAX),
    ...(variant ? { itemGroupId: product.id } : {}),
    attributes: variant ? variantAttributes(product.options, variant) : {},
  };
}

/**
 * A product's photos as absolute addresses on `origin` (the shop's: shopOrigin), the primary one first.
 */
export function productImageUrls(product: Pick<ProductView, "images" | "primaryImage">, origin: string) {
  const urls = product.images.map((image) => image.url);
  return [
    ...urls.filter((url) => url === product.primaryImage),
    ...urls.filter((url) => url !== product.primaryImage),
  ]
    .map((url) => absoluteUrl(url, origin))
    .filter((url): url is string => Boolean(url));
}
