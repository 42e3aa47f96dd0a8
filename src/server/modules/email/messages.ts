import { formatKrExact, fromOre, lineTotal, toOre } from "../../../shared/money";
import { shortOrderId } from "../../../shared/order";
import { formatOrderDate } from "../../../shared/order-date";
import { formatOrgNumber } from "../../../shared/org-number";
import { formatPhone } from "../../../shared/phone-format";
import type { Language } from "../../../shared/preferences";
import { shipToLines } from "../../../shared/ship-to";
import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import type { RefundNoticeParams } from "./refund-notice";
import { greetingName, inertText } from "./shopper-text";
import { type EmailStoreLook, emailBrand, shopLink } from "./store-look";
import { Writer } from "./writer";

export type OrderEmailPurpose =
  | "order_confirmation"
  | "order_shipped"
  | "order_ready_for_pickup"
  | "order_cancelled"
  | "order_refunded"
  | "seller_new_order"
  | "seller_withdrawal"
  | "withdrawal_confirmation";
/** An order's e-mails, and the owners' notice of a changed payout account (decision 0058). */
export type EmailPurpose =
  | OrderEmailPurpose
  | "payout_account_changed"
  | "contact_email_confirmation"
  | "gift_card"
  | "stall_receipt";

/**
 * The e-mails that go to the address a shopper typed at checkout, which nobody proved is theirs
 * (decision 0058): counted against EMAIL_PER_RECIPIENT_PER_HOUR, and carrying nothing the shopper wrote
 * but a plain name. The others go to store members' own account addresses.
 */
const TO_SHOPPER: ReadonlySet<string> = new Set<EmailPurpose>([
  "order_confirmation",
  "order_shipped",
  "order_ready_for_pickup",
  "order_cancelled",
  "order_refunded",
  "withdrawal_confirmation",
  // A gift card's e-mail goes to the address its buyer typed for the recipient (decision 0076).
  "gift_card",
  // A stall receipt goes to the address the seller typed for the buyer at the table (decision 0077).
  "stall_receipt",
]);
export const goesToShopper = (purpose: string) => TO_SHOPPER.has(purpose);

type ItemLine = { title: string; variantLabel: string | null; unitPrice: string; qty: number } & {
  giftCard?: { recipientName?: string } | null;
};

/** What an order's e-mails say, read from the order and its store when the message is sent (decision 0037). */
export interface OrderEmailContext {
  orderId: string;
  placedAt: Date;
  totalGross: string;
  buyerEmail: string;
  shipToName: string;
  shipToAddr: Record<string, string> | null;
  publicToken: string;
  withdrawnAt: Date | null;
  /** `giftCard`: a gift card bought (decision 0076), who it is for; null on a product's line. */
  items: ItemLine[];
  /** Price rules (decision 0076), in kroner: totalGross is what is left to pay after the gift card paid. */
  discountCode: string | null;
  discountTotal: string;
  giftCardTotal: string;
  giftCardSales: string;
  store: {
    id: string;
    name: string;
    slug: string;
    locale: string;
    phone: string | null;
    /** Where shoppers reach the seller: the confirmed contact address, else the owner's (decision 0066). */
    contactEmail: string;
  };
  /** The chosen delivery and its price (decision 0036); null for an order without one. */
  delivery: { name: string; price: string } | null;
  /** VAT per rate in kroner; empty when the seller is not VAT-registered. */
  vat: { rate: number; amount: string }[];
  trackingNumber: string | null;
  /** The carrier's tracking page of the parcel booked through Torg (decision 0079); null or absent: none. */
  trackingUrl?: string | null;
  /** The note of the order's pick-up place as the seller wrote it (where and when); null when none. */
  pickupNote: string | null;
  /** The order's online payments added up (decision 0056: amounts in kroner); null when paid by hand. */
  money: { provider: string; refunded: string; released: boolean } | null;
  /** The seller's legal name, organisation number and address, each null until the seller sets it. */
  legal: { legalName: string | null; orgNumber: string | null; address: string | null };
}

const amount = formatKrExact;
/** An amount taken off, exact: "−50,00 kr" with a real minus sign. */
const minus = (value: string, language: Language) => `\u2212${amount(value, language)}`;

/** Each language's last date written, by its minute: every time in one minute is on the same day in Oslo. */
const lastDates = new Map<Language, { minute: number; text: string }>();
const MINUTE_MS = 60_000;

/**
 * An order's date as the store's language writes it (`formatOrderDate`, as the order page writes it); the
 * orders of one minute (a busy shop's e-mails go out in batches) share the day it wrote.
 */
function dateOf(date: Date, language: Language) {
  const minute = Math.floor(date.getTime() / MINUTE_MS);
  const last = lastDates.get(language);
  if (last?.minute === minute) return last.text;
  const text = formatOrderDate(date, language);
  lastDates.set(language, { minute, text });
  return text;
}

/** "Hi Nora," for a plain name; "Hi," for anything else a shopper may have typed as one (decision 0058). */
function greeting(w: Writer, name: string) {
  const plain = greetingName(name);
  if (plain) w.paragraph("greeting", { name: plain });
  else w.paragraph("greetingNoName");
}

/** Who the form goes to: the seller's legal identity when the store has one, else the store's name. */
function sellerIdentity(context: OrderEmailContext) {
  const legal = context.legal;
  return [
    legal.legalName || context.store.name,
    legal.address,
    legal.orgNumber && `org. ${formatOrgNumber(legal.orgNumber)}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** "Gift card for Nora, no VAT": the shopper's mail names a plain name only, the seller's inert text (0058). */
function giftCardLabel(w: Writer, recipientName: string | undefined, toShopper: boolean) {
  const name = recipientName ? (toShopper ? greetingName(recipientName) : inertText(recipientName)) : null;
  return name ? w.t("giftCardFor", { name }) : w.t("giftCardLine");
}

/**
 * The receipt, exact to the øre (decision 0037): lines, gift cards bought (no VAT), discount, delivery, their
 * total and its VAT (goods and delivery only, 0076); then what a gift card paid of it and what remained.
 */
function receipt(w: Writer, context: OrderEmailContext, toShopper: boolean) {
  const { language } = w;
  w.heading("receipt");
  const rows: [string, string][] = [
    [w.t("orderNumber"), shortOrderId(context.orderId)],
    [w.t("orderedOn"), dateOf(context.placedAt, language)],
  ];
  for (const item of context.items) {
    const title = item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title;
    const label = item.giftCard
      ? giftCardLabel(w, item.giftCard.recipientName, toShopper)
      : `${title}, ${w.t("line", { qty: item.qty, price: amount(item.unitPrice, language) })}`;
    rows.push([label, amount(lineTotal(item.unitPrice, item.qty), language)]);
  }
  if (toOre(context.discountTotal) > 0)
    rows.push([
      context.discountCode ? w.t("discount", { code: context.discountCode }) : w.t("discountNoCode"),
      minus(context.discountTotal, language),
    ]);
  if (context.delivery)
    rows.push([`${w.t("delivery")}: ${context.delivery.name}`, amount(context.delivery.price, language)]);
  const giftCardPaid = toOre(context.giftCardTotal);
  // The order's whole value: what is left to pay plus what the gift card paid.
  rows.push([w.t("total"), amount(fromOre(toOre(context.totalGross) + giftCardPaid), language)]);
  for (const vat of context.vat) rows.push([w.t("vat", { rate: vat.rate }), amount(vat.amount, language)]);
  if (giftCardPaid > 0) {
    rows.push([w.t("giftCardPaid"), minus(context.giftCardTotal, language)]);
    rows.push([w.t("remaining"), amount(context.totalGross, language)]);
  }
  w.table(rows);
  const legal = context.legal;
  const seller: [string, string][] = [[w.t("seller"), legal.legalName || context.store.name]];
  // A VAT-registered seller's number is followed by "MVA" on sales documents (bokføringsforskriften § 5-1-1).
  if (legal.orgNumber)
    seller.push([
      w.t("orgNumber"),
      `${formatOrgNumber(legal.orgNumber)}${context.vat.length > 0 ? " MVA" : ""}`,
    ]);
  if (legal.address) seller.push(["", legal.address]);
  // As every screen shows it ("+47 912 34 567"), not as stored.
  if (context.store.phone) seller.push(["", formatPhone(context.store.phone)]);
  // ehandelsloven § 8: the seller's e-mail address, on every receipt (decision 0066).
  if (context.store.contactEmail) seller.push([w.t("contactEmail"), context.store.contactEmail]);
  w.table(seller.map(([label, value]) => (label ? [label, value] : [value, ""])));
}

/** The angrerett information and the standard withdrawal form (decision 0037), filled in where Torg knows. */
function withdrawalForm(w: Writer, context: OrderEmailContext) {
  w.heading("withdrawalTitle");
  w.paragraph("withdrawalInfo");
  w.heading("formTitle");
  w.paragraph("formNote");
  w.paragraph("formTo", { seller: sellerIdentity(context) });
  w.paragraph("formNotice");
  w.table(
    context.items.map((item) => [
      `${item.qty} × ${item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title}`,
      "",
    ]),
  );
  w.paragraph("formOrdered", {
    date: dateOf(context.placedAt, w.language),
    order: shortOrderId(context.orderId),
  });
  w.blanks(["formReceived", "formName", "formAddress", "formSignature", "formDate"]);
}

/**
 * What became of the shopper's money when the order was cancelled (decision 0064): what was refunded
 * (exact to the øre, as the receipt) and when it usually arrives, a released reservation, or, for an
 * order paid by hand, where to ask. The times are the providers' own words, said as "usually":
 * - Stripe, "How long refunds take to process" (support.stripe.com): refunds are submitted to the
 *   customer's bank immediately, and "it can take anywhere from 5-10 business days to show up".
 * - Vipps MobilePay, "Refund payment" (developer.vippsmobilepay.com/docs/knowledge-base/refund):
 *   "Refunds usually reach the customer's account within 2-3 bank days, but can take up to 10 days".
 */
function refundTime(w: Writer, provider: string) {
  w.paragraph(provider === "vipps" ? "refundTimeVipps" : "refundTimeCard");
}

function moneyBack(w: Writer, context: OrderEmailContext) {
  const money = context.money;
  const store = context.store.name;
  if (!money) {
    w.paragraph("cancelledPaidByHand", { store });
    return;
  }
  // A cancel refunds all that is left before the order is cancelled (decision 0056), so this is the whole.
  if (toOre(money.refunded) > 0) {
    w.paragraph("refunded", { amount: amount(money.refunded, w.language) });
    refundTime(w, money.provider);
  } else if (money.released) w.paragraph("reservationReleased");
}

/**
 * One of an order's e-mails, in the store's language, as plain text and HTML. `linkOrigin` is Torg's
 * address taken when the message was queued; without one the message goes without a link.
 */
export function composeOrderEmail(
  purpose: OrderEmailPurpose,
  context: OrderEmailContext,
  linkOrigin: string | null,
  /** A refund notice's amounts, fixed when it was queued (refund-notice.ts). */
  refund?: RefundNoticeParams | null,
  /** The store's look and address when sent (store-look.ts); without it, Torg's address and colour. */
  look?: EmailStoreLook | null,
): Omit<EmailMessage, "to"> {
  const shop: EmailStoreLook = look ?? {
    name: context.store.name,
    slug: context.store.slug,
    domain: null,
    brandColor: null,
    logoWide: null,
  };
  // The shopper's e-mails are the store's, in its look; the seller's are Torg's.
  const brand = goesToShopper(purpose) ? emailBrand(shop, linkOrigin) : null;
  const w = new Writer(languageOrEnglish(context.store.locale), brand);
  const order = shortOrderId(context.orderId);
  const store = context.store.name;
  const orderPage = linkOrigin
    ? shopLink(shop, linkOrigin, `/order/${encodeURIComponent(context.publicToken)}`)
    : null;
  switch (purpose) {
    case "order_confirmation":
      greeting(w, context.shipToName);
      w.paragraph("orderThanks", { store });
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      receipt(w, context, true);
      withdrawalForm(w, context);
      w.paragraph("footer", { store });
      return w.done(w.t("orderConfirmationSubject", { order, store }));
    case "order_shipped":
      greeting(w, context.shipToName);
      w.paragraph("shipped", { store });
      if (context.trackingNumber) w.paragraph("tracking", { tracking: context.trackingNumber });
      else w.paragraph("noTracking");
      if (context.trackingNumber && context.trackingUrl)
        w.link("trackingLink", "trackingLinkLabel", context.trackingUrl);
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      w.paragraph("footer", { store });
      return w.done(w.t("orderShippedSubject", { order, store }));
    case "order_ready_for_pickup":
      greeting(w, context.shipToName);
      w.paragraph("readyForPickup", { store });
      if (context.delivery) w.paragraph("pickupPlace", { place: context.delivery.name });
      if (context.pickupNote) w.paragraph("pickupNote", { note: context.pickupNote });
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      w.paragraph("footer", { store });
      return w.done(w.t("orderReadyForPickupSubject", { order, store }));
    case "order_cancelled":
      greeting(w, context.shipToName);
      w.paragraph("cancelled", { order, store });
      moneyBack(w, context);
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      w.paragraph("footer", { store });
      return w.done(w.t("orderCancelledSubject", { order, store }));
    case "order_refunded": {
      if (!refund) throw new Error("This refund notice has no amount");
      greeting(w, context.shipToName);
      const refunded = amount(refund.refunded, w.language);
      // "Refunded 10 kr of 300 kr" as both sides' screens say it (decision 0056), exact to the øre here.
      if (toOre(refund.refunded) < toOre(refund.of))
        w.paragraph("refundedPart", { store, order, amount: refunded, of: amount(refund.of, w.language) });
      else w.paragraph("refundedAll", { store, order, amount: refunded });
      refundTime(w, refund.provider);
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      w.paragraph("footer", { store });
      return w.done(w.t("orderRefundedSubject", { order, store }));
    }
    case "seller_new_order":
      // All the shopper typed, for the seller who ships it, as text no mail program links (decision 0058).
      w.paragraph("sellerNewOrder", { buyer: inertText(context.shipToName), store });
      receipt(w, context, false);
      if (context.shipToAddr)
        w.paragraph("sellerShipTo", { address: inertText(shipToLines(context.shipToAddr).join(", ")) });
      if (linkOrigin) w.link("sellerOpen", "sellerOpenLabel", `${linkOrigin}/order/${context.orderId}`);
      return w.done(w.t("sellerNewOrderSubject", { order, store }));
    case "seller_withdrawal": {
      const date = dateOf(context.withdrawnAt ?? new Date(), w.language);
      w.paragraph("sellerWithdrawal", { order, store, date });
      receipt(w, context, false);
      if (linkOrigin) w.link("sellerOpen", "sellerOpenLabel", `${linkOrigin}/order/${context.orderId}`);
      return w.done(w.t("sellerWithdrawalSubject", { order, store }));
    }
    case "withdrawal_confirmation": {
      const date = dateOf(context.withdrawnAt ?? new Date(), w.language);
      greeting(w, context.shipToName);
      w.paragraph("withdrawalConfirmation", { order, store, date });
      if (orderPage) w.button("orderPage", "orderPageLabel", orderPage);
      w.paragraph("footer", { store });
      return w.done(w.t("withdrawalConfirmationSubject", { order }));
    }
  }
}
