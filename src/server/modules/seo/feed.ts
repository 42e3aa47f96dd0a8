import { translateShared } from "../../../shared/i18n";
import type { ProductVariantView, ProductView } from "../../../shared/product";
import type { PublicStore } from "../../../shared/storefront";
import { languageOrEnglish } from "../../lib/language";
import { absoluteUrl } from "../../lib/origin";
import { variantAttributes } from "./variant-attributes";
import { el, textEl, type XmlElement, xmlDocument } from "./xml";

/**
 * A store's product feed for Google Merchant Center and Meta catalogues (decision 0039): RSS 2.0 with the
 * Merchant Center namespace, as Google's "RSS 2.0 specification" for product data sources describes
 * (support.google.com/merchants/answer/14987622), whose `g:` vocabulary Meta's RSS XML catalogue feeds
 * read too. Field rules quoted from Google's "Product data specification"
 * (support.google.com/merchants/answer/7052112) beside each field.
 */
const GOOGLE_NS = "http://base.google.com/ns/1.0";

/** "Max 150 characters" (title), "Max 5,000 characters" (description), "Max 70 characters" (brand). */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const BRAND_MAX = 70;
/** additional_image_link: "Up to 10 additional images". */
const ADDITIONAL_IMAGES_MAX = 10;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function productFeedXml(origin: string, store: PublicStore, products: readonly ProductView[]): string {
  const language = languageOrEnglish(store.defaultLocale);
  const storefront = `${origin}/s/${store.slug}`;
  const items = products.flatMap((product) => {
    const description = clip(
      product.blurb?.trim() ||
        product.seoMetaDesc?.trim() ||
        translateShared(language, "pageMeta.productMetaDescription", {
          title: product.title,
          store: store.name,
        }),
      DESCRIPTION_MAX,
    );
    // Products with options sell only as one of their variants (decision 0032): one item each.
    const sold = product.options.length > 0 && product.variants.length > 0 ? product.variants : [undefined];
    return sold.map((variant) => feedItem(origin, store, product, description, variant));
  });
  return xmlDocument(
    "rss",
    { "xmlns:g": GOOGLE_NS },
    [
      el("channel", [
        el("title", store.name),
        el("link", storefront),
        el(
          "description",
          store.description?.trim() ||
            translateShared(language, "pageMeta.metaDescription", { store: store.name }),
        ),
        ...items,
      ]),
    ],
    { version: "2.0" },
  );
}

function feedItem(
  origin: string,
  store: PublicStore,
  product: ProductView,
  description: string,
  variant: ProductVariantView | undefined,
): XmlElement {
  const [imageLink, ...additional] = productImageUrls(product, origin);
  const price = variant?.price ?? product.basePrice;
  const available = variant ? variant.available : product.available;
  const attributes = variant ? variantAttributes(product.options, variant) : {};
  return el("item", [
    // id: "Your product's unique identifier", "Max 50 characters": a UUID, the variant's for a variant.
    el("g:id", variant?.id ?? product.id),
    // title: "Your product's name", "Max 150 characters"; a variant's names what sets it apart.
    el("g:title", clip(variant ? `${product.title} (${variant.label})` : product.title, TITLE_MAX)),
    // description: "Your product's description", "Max 5000 characters".
    el("g:description", description),
    // link: "Your product's landing page".
    el("g:link", `${origin}/products/${product.id}`),
    // image_link: "The URL of your product's main image".
    textEl("g:image_link", imageLink),
    // additional_image_link: "The URL of an additional image for your product", "Up to 10".
    ...additional.slice(0, ADDITIONAL_IMAGES_MAX).map((url) => el("g:additional_image_link", url)),
    // availability: "in_stock" or "out_of_stock" ("preorder" and "backorder" Torg does not take).
    el("g:availability", available ? "in_stock" : "out_of_stock"),
    // price: "Numeric value" and "ISO 4217 currency code", as "15.00 USD".
    el("g:price", `${price} ${product.currencyCode}`),
    // brand: "Your product's brand name", "Max 70 characters": a maker's shop is its own brand.
    el("g:brand", clip(store.name, BRAND_MAX)),
    // condition: "new" ("Brand new, original, unopened packaging").
    el("g:condition", "new"),
    // identifier_exists: "no" for products without a GTIN or MPN, such as "Custom goods or one-of-a-kind
    // products, like custom T-shirts, art, or handmade goods" (support.google.com/merchants/answer/6324478).
    el("g:identifier_exists", "no"),
    // item_group_id: "ID for a group of products that come in different versions (variants)".
    variant && el("g:item_group_id", product.id),
    // The variant-defining attributes a seller's options name (size, color, material, pattern).
    textEl("g:size", attributes.size),
    textEl("g:color", attributes.color),
    textEl("g:material", attributes.material),
    textEl("g:pattern", attributes.pattern),
  ]);
}

/** A product's photos as absolute addresses, the primary one first. */
export function productImageUrls(product: Pick<ProductView, "images" | "primaryImage">, origin: string) {
  const urls = product.images.map((image) => image.url);
  return [
    ...urls.filter((url) => url === product.primaryImage),
    ...urls.filter((url) => url !== product.primaryImage),
  ]
    .map((url) => absoluteUrl(url, origin))
    .filter((url): url is string => Boolean(url));
}
