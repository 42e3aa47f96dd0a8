import type { ProductView } from "../../../shared/product";
import type { PublicStore } from "../../../shared/storefront";
import { csvDocument } from "./csv";
import { type FeedItem, feedItems } from "./feed-items";
import { shippingRates } from "./shipping";

/**
 * A store's catalogue data feed for Meta's Commerce Manager (Facebook and Instagram; decision 0080): CSV,
 * UTF-8, a header row, one row per item (a variant is its own row, grouped by item_group_id). The columns
 * are Meta's supported fields for products (developers.facebook.com/docs/marketing-api/catalog/reference,
 * and the fields of Meta's catalogue documentation), the required ones first, then those Meta
 * recommends that Torg knows. Meta's words beside each.
 */
export const META_COLUMNS = [
  // id (required): "Max character limit: 100", "Unique ID for the item": a UUID, the variant's for a variant.
  "id",
  // title (required): "A specific, relevant title for the item", "Max character limit: 150".
  "title",
  // description (required): "Use plain text", "Max character limit: 5000".
  "description",
  // availability (required): "Must be written in U.S. English", one of "in stock, out of stock,
  // preorder, available for order, discontinued".
  "availability",
  // condition (required): "Supported values: new, refurbished, used".
  "condition",
  // price (required): "The price is a number followed by the currency code (ISO 4217 standards)".
  "price",
  // link (required): "The URL of the website where you can buy the item": on the shop's own domain.
  "link",
  // image_link (required): the URL of the item's main image.
  "image_link",
  // brand (required unless gtin or mpn is given: Torg's handmade goods have neither): the store's name.
  "brand",
  // item_group_id: variants of one product share it ("Ensure that product variants are sharing the same
  // item_group_id").
  "item_group_id",
  // additional_image_link: "URLs for up to 20 additional images of your item, separated by a comma";
  // the best practices say "(up to 10)", as many as Google takes.
  "additional_image_link",
  // The variant fields Meta names ("Ensure that the variant field's (such as size or color) value is
  // visible for every product variant sharing a common item_group_id").
  "size",
  "color",
  "material",
  "pattern",
  // shipping: "Country:Region:Service:Price", "If shipping information is the same for an entire country,
  // you can leave out the region but keep the ::", several "separate them with a comma (,)".
  "shipping",
] as const;

export function metaFeedCsv(origin: string, store: PublicStore, products: readonly ProductView[]): string {
  const rows = feedItems(store, products, origin).map((item) => metaRow(item, store));
  return csvDocument(META_COLUMNS, rows);
}

/** Meta's availability, spelt as Meta spells it: with a space, not Google's underscore. */
export const metaAvailability = (available: boolean) => (available ? "in stock" : "out of stock");

/** A service name inside Meta's "Country:Region:Service:Price": its separators would split it. */
const serviceName = (name: string) => name.replace(/[:,;]/g, " ").replace(/\s+/g, " ").trim();

function metaRow(item: FeedItem, store: PublicStore): string[] {
  const [imageLink = "", ...additional] = item.images;
  const row: Record<(typeof META_COLUMNS)[number], string> = {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: metaAvailability(item.available),
    condition: "new",
    price: `${item.price} ${item.currency}`,
    link: item.link,
    image_link: imageLink,
    brand: item.brand,
    item_group_id: item.itemGroupId ?? "",
    additional_image_link: additional.join(","),
    size: item.attributes.size ?? "",
    color: item.attributes.color ?? "",
    material: item.attributes.material ?? "",
    pattern: item.attributes.pattern ?? "",
    shipping: shippingRates(store.deliveryOptions, item.price)
      .map((rate) => `${rate.country}::${serviceName(rate.service)}:${rate.price} ${item.currency}`)
      .join(","),
  };
  return META_COLUMNS.map((column) => row[column]);
}
