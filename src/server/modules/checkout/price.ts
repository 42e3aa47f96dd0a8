import { deliveryIsFree, type OrderDelivery, parcelAddressSchema } from "../../../shared/delivery";
import type { GiftCardLine } from "../../../shared/gift-card";
import { translateShared } from "../../../shared/i18n";
import { cashCovers } from "../../../shared/market";
import { formatKrExact, fromOre } from "../../../shared/money";
import type { Language } from "../../../shared/preferences";
import { orderVat, type VatLine } from "../../../shared/vat";
import { badRequest, HttpError } from "../../lib/http-error";
import type { CarrierDelivery } from "../shipping";
import type { CheckoutFacts, StoreFact } from "./facts";
import {
  type AppliedDiscount,
  type AppliedGiftCard,
  type PricedGiftCardLine,
  priceDiscount,
  priceGiftCard,
  priceGiftCardLines,
} from "./price-rules";

/** total_gross is numeric(12,2): an order at or above this is refused rather than overflowing. */
const MAX_ORDER_TOTAL_ORE = 10_000_000_000 * 100;

/** One line as the shopper asked for it: the same product and variant once, its quantities added. */
export interface RequestedLine {
  product_id: string;
  variant_id: string | null;
  qty: number;
}

/**
 * A free-amount line of a stall sale ("Other, 250 kr", decision 0077): no product, no stock, the seller's
 * own title and unit price, VAT at the store's rate. A discount code for the whole order applies to it; a
 * code for named products does not.
 */
export interface FreeAmountLine {
  title: string;
  /** numeric text with two decimals. */
  unit_price: string;
  qty: number;
}

/** Where an order is placed: the web shop's checkout, or the seller's market screen (decision 0077). */
export type SalesChannel = "web" | "stall";

/**
 * What is priced: the store, its lines, the gift cards bought, the codes typed, the delivery named and
 * where it goes. A quote (POST /api/orders/quote) is priced before the shopper has chosen a delivery or
 * given an address: it is not refused for lacking them.
 */
export interface PriceRequest {
  storeId: string;
  lines: RequestedLine[];
  /** Gift cards bought, one line each (decision 0076). */
  giftCards: GiftCardLine[];
  deliveryOptionId: string | null;
  /**
   * A carrier's service instead of a flat option (decision 0079), priced before the batch by the
   * shipping module (never from the browser): its free-above and a free-delivery code apply here, as to
   * a flat option. null: none named.
   */
  carrierDelivery: CarrierDelivery | null;
  /** The address as given, empty fields left out; null when none was given. */
  shipToAddr: Record<string, string> | null;
  /** A discount code as typed, or null. */
  discountCode: string | null;
  /** A gift card code as typed or read out, or null. */
  giftCardCode: string | null;
  /** The buyer's e-mail, lower-cased (one use per shopper); null for a quote without it. */
  buyerEmail: string | null;
  /** The shopper's language: a refusal's amount is worded in it, a gift card line is titled in it. */
  language: Language;
  /** When the order is priced, ms since the epoch: a code's window is taken at this instant. */
  now: number;
  stage: "order" | "quote";
  /**
   * A stall sale (decision 0077) has no delivery and no address, may have free-amount lines, and, paid in
   * cash, is refused when the cash given is less than what is to pay.
   */
  channel: SalesChannel;
  /** Free-amount lines, numbered after the product lines; always [] on the web. */
  freeLines: FreeAmountLine[];
  /** Cash handed over at the stall, numeric text; null when not paid in cash (or given exactly). */
  cashGiven: string | null;
}

/** A line priced from its product (or variant), with the copies the order keeps of it. */
export interface PricedLine extends RequestedLine {
  /** Its place in the order. */
  line: number;
  title: string;
  variant_label: string | null;
  /** numeric text, the variant's price or else the product's. */
  unit_price: string;
  /** What was left of its product or variant when priced; null is unlimited (no stock is taken). */
  stock_left: number | null;
}

/**
 * An order ready to be written: every amount decided, nothing left for SQL to compute. Amounts in kroner
 * with two decimals; totalGross = lines − discountTotal + delivery + giftCardSales − giftCardTotal.
 */
export interface PricedOrder {
  store: StoreFact;
  /** The product lines. */
  lines: PricedLine[];
  giftCardLines: PricedGiftCardLine[];
  /** A stall sale's free-amount lines, each with its place in the order. */
  freeLines: (FreeAmountLine & { line: number })[];
  /** The delivery as priced; `optionId` null for a carrier's service. */
  delivery: (OrderDelivery & { optionId: string | null }) | null;
  /** The carrier's service, as the order keeps it; null for a flat option or none. */
  shipping: Omit<CarrierDelivery, "name" | "price" | "freeAbove"> | null;
  /** Every line: the products and the gift cards bought. */
  subtotal: string;
  discount: AppliedDiscount | null;
  discountTotal: string;
  giftCard: AppliedGiftCard | null;
  giftCardTotal: string;
  giftCardSales: string;
  /** What is left to pay through the order's channel. */
  totalGross: string;
  vat: VatLine[];
  /** Kept for a parcel or a store without options; a pickup keeps no address. */
  shipToAddr: Record<string, string> | null;
}

/**
 * A price rule left nothing to pay (a gift card paid it all, or a code took it all off): the order is paid
 * at once, and no payment is started (decision 0076). An order of free products alone stays as before.
 */
export const paidAtOnce = (order: PricedOrder) =>
  order.totalGross === "0.00" && (order.giftCard !== null || order.discount !== null);

export type Pricing = { ok: true; order: PricedOrder } | { ok: false; refusal: HttpError };

/** numeric(12,2) text (always two decimals) in øre; exact for any amount the column holds. */
const ore = (amount: string) => Number(amount.replace(".", ""));

const refused = (refusal: HttpError): Pricing => ({ ok: false, refusal });

/** The lines, priced, or why one cannot be sold (the first line at fault, in the shopper's order). */
function priceLines(request: PriceRequest, facts: CheckoutFacts): PricedLine[] | HttpError {
  const priced: PricedLine[] = [];
  for (const [line, wanted] of request.lines.entries()) {
    const details = { productId: wanted.product_id };
    const product = facts.products.get(wanted.product_id);
    if (!product) return new HttpError(400, "productUnavailable", {}, {}, details);
    const { title } = product;
    if (product.store_id !== request.storeId)
      return new HttpError(400, "productNotInStore", { title }, {}, details);
    if (!product.is_active) return new HttpError(400, "productInactive", { title }, {}, details);
    const variant = wanted.variant_id ? facts.variants.get(wanted.variant_id) : undefined;
    if (wanted.variant_id && variant?.product_id !== product.id)
      return new HttpError(400, "productUnavailable", {}, {}, details);
    if (!wanted.variant_id && product.has_options)
      return new HttpError(400, "variantRequired", { title }, {}, details);
    priced.push({
      ...wanted,
      line,
      title,
      variant_label: variant?.label ?? null,
      unit_price: variant?.price ?? product.base_price,
      stock_left: variant ? variant.stock_qty : product.stock_qty,
    });
  }
  return priced;
}

/**
 * The refusal for the first line asking more than `stockLeft(line)`: sold out, or how many are left, so
 * the shopper can take fewer or another one; undefined when every line is there.
 */
export function stockRefusal(
  lines: readonly PricedLine[],
  stockLeft: (line: PricedLine) => number | null = (line) => line.stock_left,
): HttpError | undefined {
  for (const line of lines) {
    const left = stockLeft(line);
    if (left === null || left >= line.qty) continue;
    const name = line.variant_label ? `${line.title} (${line.variant_label})` : line.title;
    const body = { productId: line.product_id, variantId: line.variant_id, stockQty: left };
    return left === 0
      ? new HttpError(409, "soldOut", { title: name }, {}, body)
      : new HttpError(409, "notEnoughStock", { title: name, left }, {}, body);
  }
  return undefined;
}

/**
 * Prices one checkout (decisions 0006, 0036, 0076) from the facts its batch read, as plain steps over the
 * shared rules: the lines from their products and variants; the stock they ask for; the gift cards bought
 * (an amount the store offers); the discount code (shared/discount.ts), which takes its amount off the
 * products it is for or makes the delivery free; the delivery option the store offers, free from its
 * threshold on (shared/delivery.ts), the threshold taken from the products after the discount; the gift
 * card that pays (shared/gift-card.ts), never for gift cards bought; the total; the VAT included in what
 * is sold after the discount, whoever pays it (shared/vat.ts); a parcel's address (parcelAddressSchema,
 * as the checkout form). A gift-card-only order needs no delivery. A carrier's service (decision 0079)
 * comes priced as data and is then treated as a flat option is.
 */
export function priceCheckout(request: PriceRequest, facts: CheckoutFacts): Pricing {
  const store = facts.stores.get(request.storeId);
  if (!store) return refused(badRequest("cannotPlaceOrder"));

  const lines = priceLines(request, facts);
  if (lines instanceof HttpError) return refused(lines);
  const short = stockRefusal(lines);
  if (short) return refused(short);
  const stall = request.channel === "stall";
  const freeLines = (stall ? request.freeLines : []).map((line, index) => ({
    ...line,
    line: lines.length + index,
  }));
  const linesOre = [...lines, ...freeLines].reduce((sum, line) => sum + ore(line.unit_price) * line.qty, 0);
  const title = translateShared(request.language, "checkoutLines.giftCard");
  const giftCardLines = priceGiftCardLines(request.giftCards, store, lines.length + freeLines.length, title);
  if (giftCardLines instanceof HttpError) return refused(giftCardLines);
  const giftCardSalesOre = giftCardLines.reduce((sum, line) => sum + ore(line.unit_price), 0);

  // A free-amount line has no product: a code for named products passes it by, one for the order does not.
  const discount = priceDiscount(request, facts, [
    ...lines,
    ...freeLines.map((line) => ({ ...line, product_id: "" })),
  ]);
  if (discount instanceof HttpError) return refused(discount);
  const goodsOre = linesOre - (discount?.goodsOffOre ?? 0);

  // The option must be one of this store's (and one is required when the store has any), unless the
  // order is gift cards only: a card is e-mailed, it has no delivery.
  const onlyGiftCards = lines.length === 0 && freeLines.length === 0;
  // A stall sale is handed over at the table: no delivery, whatever the store offers online.
  const named =
    request.deliveryOptionId && !onlyGiftCards && !stall
      ? facts.deliveryOptions.get(request.deliveryOptionId)
      : undefined;
  const option = named?.store_id === store.id ? named : undefined;
  const carrier = onlyGiftCards || stall ? null : request.carrierDelivery;
  // A flat option and a carrier's service are priced by the same rule: free from the threshold on.
  const chosen = option
    ? { price: option.price, freeAbove: option.free_above }
    : carrier
      ? { price: carrier.price, freeAbove: carrier.freeAbove }
      : undefined;
  const deliveryOre = chosen
    ? deliveryIsFree(chosen.freeAbove === null ? null : ore(chosen.freeAbove), goodsOre)
      ? 0
      : ore(chosen.price)
    : 0;
  const discountOre = (discount?.goodsOffOre ?? 0) + (discount?.freeDelivery ? deliveryOre : 0);

  // What a gift card may pay: the goods and the delivery, never the gift cards bought.
  const soldOre = linesOre - discountOre + deliveryOre;
  const giftCard = priceGiftCard(request, facts, { soldOre, onlyGiftCards });
  if (giftCard instanceof HttpError) return refused(giftCard);
  const giftCardOre = giftCard?.paysOre ?? 0;

  const totalOre = soldOre + giftCardSalesOre - giftCardOre;
  if (linesOre + deliveryOre + giftCardSalesOre >= MAX_ORDER_TOTAL_ORE)
    return refused(badRequest("orderTooLarge"));
  if (stall && request.cashGiven !== null && !cashCovers(ore(request.cashGiven), totalOre))
    return refused(
      new HttpError(400, "cashGivenTooLittle", { total: formatKrExact(fromOre(totalOre), request.language) }),
    );
  if (!onlyGiftCards && !stall) {
    if (!option && request.deliveryOptionId) return refused(badRequest("deliveryOptionInvalid"));
    // One delivery: a flat option or a carrier's service, not both.
    if (option && carrier) return refused(badRequest("deliveryOptionInvalid"));
    const quote = request.stage === "quote";
    if (!option && !carrier && store.has_delivery && !quote)
      return refused(badRequest("deliveryOptionRequired"));
    // A carrier's pick-up service goes to its point; its other services to the parcel address.
    const toAddress = option?.kind === "parcel" || (carrier !== null && carrier.pickupPoint === null);
    if (toAddress && !quote && !parcelAddressSchema.safeParse(request.shipToAddr ?? {}).success)
      return refused(badRequest("deliveryAddressRequired"));
  }

  return {
    ok: true,
    order: {
      store,
      lines,
      giftCardLines,
      freeLines,
      delivery: option
        ? { optionId: option.id, name: option.name, kind: option.kind, price: fromOre(deliveryOre) }
        : carrier
          ? { optionId: null, name: carrier.name, kind: "parcel", price: fromOre(deliveryOre) }
          : null,
      shipping: carrier && {
        carrier: carrier.carrier,
        service: carrier.service,
        priceSource: carrier.priceSource,
        pickupPoint: carrier.pickupPoint,
        expectedDelivery: carrier.expectedDelivery,
      },
      subtotal: fromOre(linesOre + giftCardSalesOre),
      discount,
      discountTotal: fromOre(discountOre),
      giftCard,
      giftCardTotal: fromOre(giftCardOre),
      giftCardSales: fromOre(giftCardSalesOre),
      totalGross: fromOre(totalOre),
      vat: orderVat(soldOre, store.vat_rate),
      shipToAddr: option?.kind === "pickup" || onlyGiftCards || stall ? null : request.shipToAddr,
    },
  };
}
