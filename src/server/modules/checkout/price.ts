import { deliveryIsFree, type OrderDelivery, parcelAddressSchema } from "../../../shared/delivery";
import { fromOre } from "../../../shared/money";
import { orderVat, type VatLine } from "../../../shared/vat";
import { badRequest, HttpError } from "../../lib/http-error";
import type { CheckoutFacts, StoreFact } from "./facts";

/** total_gross is numeric(12,2): an order at or above this is refused rather than overflowing. */
const MAX_ORDER_TOTAL_ORE = 10_000_000_000 * 100;

/** One line as the shopper asked for it: the same product and variant once, its quantities added. */
export interface RequestedLine {
  product_id: string;
  variant_id: string | null;
  qty: number;
}

/** What is priced: the store, its lines, the delivery named and where it goes. */
export interface PriceRequest {
  storeId: string;
  lines: RequestedLine[];
  deliveryOptionId: string | null;
  /** The address as given, empty fields left out; null when none was given. */
  shipToAddr: Record<string, string> | null;
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

/** An order ready to be written: every amount decided, nothing left for SQL to compute. */
export interface PricedOrder {
  store: StoreFact;
  lines: PricedLine[];
  delivery: (OrderDelivery & { optionId: string }) | null;
  /** What the shopper pays, in kroner with two decimals: lines, then delivery. */
  totalGross: string;
  vat: VatLine[];
  /** Kept for a parcel or a store without options; a pickup keeps no address. */
  shipToAddr: Record<string, string> | null;
}

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
 * Prices one checkout (decisions 0006, 0036) from the facts its batch read, as plain steps over the
 * shared rules: the lines from their products and variants; the stock they ask for; the delivery option
 * the store offers, free from its threshold on (shared/delivery.ts); the total; the VAT included in it
 * (shared/vat.ts); a parcel's address (parcelAddressSchema, as the checkout form). A price rule to come
 * (a discount code, a gift card) is one more step between the lines and the delivery, changing the
 * amount the threshold and the total are taken from; the VAT is always taken last, from what is paid.
 */
export function priceCheckout(request: PriceRequest, facts: CheckoutFacts): Pricing {
  const store = facts.stores.get(request.storeId);
  if (!store) return refused(badRequest("cannotPlaceOrder"));

  const lines = priceLines(request, facts);
  if (lines instanceof HttpError) return refused(lines);
  const short = stockRefusal(lines);
  if (short) return refused(short);
  const linesOre = lines.reduce((sum, line) => sum + ore(line.unit_price) * line.qty, 0);

  // The option must be one of this store's (and one is required when the store has any).
  const named = request.deliveryOptionId ? facts.deliveryOptions.get(request.deliveryOptionId) : undefined;
  const option = named?.store_id === store.id ? named : undefined;
  const deliveryOre = option
    ? deliveryIsFree(option.free_above === null ? null : ore(option.free_above), linesOre)
      ? 0
      : ore(option.price)
    : 0;

  const totalOre = linesOre + deliveryOre;
  if (totalOre >= MAX_ORDER_TOTAL_ORE) return refused(badRequest("orderTooLarge"));
  if (!option && request.deliveryOptionId) return refused(badRequest("deliveryOptionInvalid"));
  if (!option && store.has_delivery) return refused(badRequest("deliveryOptionRequired"));
  if (option?.kind === "parcel" && !parcelAddressSchema.safeParse(request.shipToAddr ?? {}).success)
    return refused(badRequest("deliveryAddressRequired"));

  return {
    ok: true,
    order: {
      store,
      lines,
      delivery: option
        ? { optionId: option.id, name: option.name, kind: option.kind, price: fromOre(deliveryOre) }
        : null,
      totalGross: fromOre(totalOre),
      vat: orderVat(totalOre, store.vat_rate),
      shipToAddr: option?.kind === "pickup" ? null : request.shipToAddr,
    },
  };
}
