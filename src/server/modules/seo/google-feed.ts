import type { ProductView } from "../../../shared/product";
import type { PublicStore } from "../../../shared/storefront";
import { type FeedItem, feedChannel, feedItems } from "./feed-items";
import { freeShippingThreshold, type ShippingRate, shippingRates } from "./shipping";
import { el, textEl, type XmlElement, xmlDocument } from "./xml";

/**
 * A store's product feed for Google Merchant Center (decisions 0039, 0080): RSS 2.0 with the Merchant
 * Center namespace, as Google's "RSS 2.0 specification" for product data sources describes
 * (support.google.com/merchants/answer/14987622): "there are 3 predefined elements at the item level:
 * title, link, and description. Although these elements are optional in the RSS 2.0 standard, product
 * data sources require them", and "additional elements such as price, ID, and condition" in the
 * `http://base.google.com/ns/1.0` namespace. Field rules quoted from Google's "Product data
 * specification" (support.google.com/merchants/answer/7052112) beside each field.
 */
export const GOOGLE_NS = "http://base.google.com/ns/1.0";

export function googleFeedXml(origin: string, store: PublicStore, products: readonly ProductView[]): string {
  const channel = feedChannel(store, origin);
  const threshold = freeShippingThreshold(store.deliveryOptions);
  const items = feedItems(store, products, origin).map((item) =>
    feedItem(
      item,
      shippingRates(store.deliveryOptions, item.price),
      threshold && [
        el("g:country", threshold.country),
        el("g:price_threshold", `${threshold.priceThreshold} ${item.currency}`),
      ],
    ),
  );
  return xmlDocument(
    "rss",
    { "xmlns:g": GOOGLE_NS },
    [
      el("channel", [
        el("title", channel.title),
        el("link", channel.link),
        el("description", channel.description),
        ...items,
      ]),
    ],
    { version: "2.0" },
  );
}

function feedItem(item: FeedItem, rates: ShippingRate[], threshold: XmlElement[] | undefined): XmlElement {
  const [imageLink, ...additional] = item.images;
  return el("item", [
    // id: "Your product's unique identifier", "Max 50 characters": a UUID, the variant's for a variant.
    el("g:id", item.id),
    // title: "Your product's name", "Max 150 characters"; a variant's names what sets it apart.
    el("g:title", item.title),
    // description: "Your product's description", "Max 5000 characters".
    el("g:description", item.description),
    // link: "Your product's landing page": on the shop's own domain once it has one.
    el("g:link", item.link),
    // image_link: "The URL of your product's main image".
    textEl("g:image_link", imageLink),
    // additional_image_link: "The URL of an additional image for your product", "Up to 10".
    ...additional.map((url) => el("g:additional_image_link", url)),
    // availability: "in_stock" or "out_of_stock" ("preorder" and "backorder" Torg does not take).
    el("g:availability", item.available ? "in_stock" : "out_of_stock"),
    // price: "Numeric value" and "ISO 4217 currency code", as "15.00 USD".
    el("g:price", `${item.price} ${item.currency}`),
    // brand: "Your product's brand name", "Max 70 characters": a maker's shop is its own brand.
    el("g:brand", item.brand),
    // condition: "new" ("Brand new, original, unopened packaging").
    el("g:condition", "new"),
    // identifier_exists: "no" for products without a GTIN or MPN, such as "Custom goods or one-of-a-kind
    // products, like custom T-shirts, art, or handmade goods" (support.google.com/merchants/answer/6324478).
    el("g:identifier_exists", "no"),
    // item_group_id: "ID for a group of products that come in different versions (variants)".
    textEl("g:item_group_id", item.itemGroupId),
    // The variant-defining attributes a seller's options name (size, color, material, pattern).
    textEl("g:size", item.attributes.size),
    textEl("g:color", item.attributes.color),
    textEl("g:material", item.attributes.material),
    textEl("g:pattern", item.attributes.pattern),
    // shipping: country, service and price per parcel option (shipping.ts says why and what is left out).
    ...rates.map((rate) =>
      el("g:shipping", [
        el("g:country", rate.country),
        el("g:service", rate.service),
        el("g:price", `${rate.price} ${item.currency}`),
      ]),
    ),
    threshold && el("g:free_shipping_threshold", threshold),
  ]);
}
