import type { FastifyRequest } from "fastify";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import { shortOrderId } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import { shopUrl } from "../../../shared/shop-address";
import type { Config } from "../../config";
import { languageOrEnglish } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";

// What a text says, composed when it is sent (decisions 0008, 0022); outbox.ts is the worker that sends it.

export type SmsPurpose = "order_confirmation" | "seller_new_order" | "phone_verification";

/** What an order's SMS say, read from the order and its store when the message is sent. */
export interface OrderSmsContext {
  orderId: string;
  totalGross: string;
  storeId: string;
  storeName: string;
  storeSlug: string;
  /** The store's primary verified domain: the shop's link is there once it has one (decision 0080). */
  storeDomain?: string | null;
  storeLocale: string;
  /** The message goes to the store's phone, and the seller proved it is theirs. */
  toVerifiedStorePhone: boolean;
  /** The delivery chosen (decision 0036), null on orders without one. */
  deliveryName: string | null;
  deliveryKind: "pickup" | "parcel" | null;
  /** The order's lines as ordered (the items' own copies), for the seller's text only. */
  items: OrderSmsItem[];
}

export interface OrderSmsItem {
  title: string;
  variantLabel: string | null;
  qty: number;
}

/** The seller's text names this many lines at most, then "+ N more". */
export const SMS_ITEM_LINES = 3;
/** A title or variant label is cut to this many characters in a text. */
const SMS_NAME_LENGTH = 40;

/** Cut at a word where one is near, with "..." (GSM-7, unlike "…", so the text stays one encoding). */
function shortName(text: string) {
  const name = text.replace(/\s+/g, " ").trim();
  if (name.length <= SMS_NAME_LENGTH) return name;
  const cut = name.slice(0, SMS_NAME_LENGTH - 3);
  const space = cut.lastIndexOf(" ");
  return `${(space > SMS_NAME_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** "1 x Genser (Size: M), 2 x Kopp + 1 more": the lines a seller packs, kept short. */
function itemsText(language: Language, items: readonly OrderSmsItem[]) {
  const lines = items.slice(0, SMS_ITEM_LINES).map((item) =>
    item.variantLabel
      ? translateShared(language, "sms.itemVariant", {
          qty: item.qty,
          title: shortName(item.title),
          variant: shortName(item.variantLabel),
        })
      : translateShared(language, "sms.item", { qty: item.qty, title: shortName(item.title) }),
  );
  const more = items.length - lines.length;
  const listed = lines.join(", ");
  return more > 0 ? `${listed} ${translateShared(language, "sms.moreItems", { count: more })}` : listed;
}

/**
 * Where the link in a buyer's confirmation points: PUBLIC_URL, or the address the order came to. A
 * request's Host header is whatever its sender wrote, so that address is used only while texts are not
 * really sent (the log provider); a gateway that texts strangers needs PUBLIC_URL for the link, else the
 * text goes without one rather than point at a host an attacker chose.
 */
export function orderLinkOrigin(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts"> & { sms: Pick<Config["sms"], "provider"> },
): string | null {
  if (config.publicUrl) return config.publicUrl;
  return config.sms.provider === "log" ? publicOrigin(request, config) : null;
}

/** The shopper's texts after the confirmation (decision 0064), each one catalogue text. */
const SHOPPER_TEXT_KEYS: Record<string, string> = {
  order_cancelled: "sms.orderCancelled",
  order_refunded: "sms.orderRefunded",
  order_ready_for_pickup: "sms.orderReadyForPickup",
};

/**
 * The text of an order's SMS, in the store's language. The buyer's confirmation goes to any number a
 * shopper types, so it is a fixed template: the order number and a link to the shop on Torg's own
 * address, and nothing a store or a buyer wrote. The seller's new-order message goes only to the
 * store's verified phone; it names the store, the total and the lines ordered (the seller's own titles
 * and variants, the first few), but not the buyer's name (anyone can write anything there). Composed when sent rather than when queued, so placing an order stays a single
 * statement.
 */
export function orderSmsText(purpose: string, context: OrderSmsContext, linkOrigin: string | null): string {
  const language = languageOrEnglish(context.storeLocale);
  const order = shortOrderId(context.orderId);
  if (purpose === "seller_new_order") {
    const fields = { store: context.storeName, order, total: formatKr(context.totalGross, language) };
    // The items' titles and variants are the seller's own words, going to the seller's own verified phone.
    const text =
      context.items.length > 0
        ? translateShared(language, "sms.sellerNewOrderItems", {
            ...fields,
            items: itemsText(language, context.items),
          })
        : translateShared(language, "sms.sellerNewOrder", fields);
    // The seller's own option name, to the seller's own verified phone (decision 0036).
    return context.deliveryName
      ? `${text} ${translateShared(language, "sms.delivery", { delivery: context.deliveryName })}`
      : text;
  }
  const shopLink = linkOrigin
    ? shopUrl({ slug: context.storeSlug, domain: context.storeDomain ?? null }, linkOrigin)
    : null;
  const notice = SHOPPER_TEXT_KEYS[purpose];
  if (notice) {
    // A fixed template like the confirmation (decision 0022): the order number and the shop's link only.
    const text = translateShared(language, notice, { order });
    return shopLink ? `${text} ${translateShared(language, "sms.shopLink", { link: shopLink })}` : text;
  }
  const text = shopLink
    ? translateShared(language, "sms.orderConfirmation", { order, link: shopLink })
    : translateShared(language, "sms.orderConfirmationNoLink", { order });
  // The buyer's text stays fixed (decision 0022): the kind of delivery in Torg's words, not the option's name.
  return context.deliveryKind
    ? `${text} ${translateShared(language, context.deliveryKind === "pickup" ? "sms.deliveryPickup" : "sms.deliveryParcel")}`
    : text;
}
