import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { GiftCardLine } from "../../../shared/gift-card";
import {
  isGiftCardLine,
  MAX_QTY_PER_LINE,
  type OrderView,
  orderPagePath,
  type PlaceOrderInput,
  type QuoteOrderInput,
} from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import type { Database, Db } from "../../db/client";
import { orderItems, orders, stores } from "../../db/schema";
import { badRequest, conflict } from "../../lib/http-error";
import { toOrderItemView, toOrderView } from "../orders";
import type { CarrierDelivery } from "../shipping";
import { batcherOf } from "./batcher";
import { type PriceRequest, paidAtOnce, type RequestedLine } from "./price";

/** What placing an order did: the order, its page, and whether an earlier request had placed it. */
export interface OrderPlacement {
  order: OrderView;
  /** The shopper's own order page, relative to Torg's address (decision 0026). */
  publicPath: string;
  /** true when an earlier request with the same Idempotency-Key already placed it. */
  replayed: boolean;
  /** This order took the last of a product or variant: cached shop pages must stop offering it. */
  soldOut: boolean;
}

const lineKey = (line: PlaceOrderInput["items"][number]) =>
  isGiftCardLine(line) ? JSON.stringify(line.giftCard) : `${line.productId}${line.variantId ?? ""}`;

/** The same request always hashes the same, whatever order the client listed its items in. */
function requestHashOf(input: PlaceOrderInput) {
  const canonical = {
    ...input,
    items: [...input.items].sort((a, b) => lineKey(a).localeCompare(lineKey(b))),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The first order placed with this key, or a 409 when the key was used for a different request. */
async function findByIdempotencyKey(
  db: Db,
  key: string,
  requestHash: string,
): Promise<{ order: OrderView; publicPath: string } | undefined> {
  const [existing] = await db
    .select({ order: orders, storeName: stores.name, storeSlug: stores.slug })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.order.requestHash !== requestHash) throw conflict("idempotencyKeyReused");
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, existing.order.id));
  return {
    publicPath: orderPagePath(existing.storeSlug, existing.order.publicToken),
    order: toOrderView(existing.order, existing.storeName, items.map(toOrderItemView)),
  };
}

/** A web order's answers to the stall's columns (decision 0077). */
const WEB_ORDER = {
  channel: "web",
  placed_by: "shopper",
  client_sale_id: null,
  sold_at: null,
  market_session_id: null,
  payment_method: null,
  cash_given: null,
  terminal_ref: null,
  buyer_address: null,
} as const;

/** Lines for the same product and variant count as one, in the order they were first listed. */
function requestedLines(items: PlaceOrderInput["items"]): RequestedLine[] {
  const lines = new Map<string, RequestedLine>();
  for (const item of items) {
    if (isGiftCardLine(item)) continue;
    const key = `${item.productId}:${item.variantId ?? ""}`;
    const line = lines.get(key) ?? { product_id: item.productId, variant_id: item.variantId ?? null, qty: 0 };
    line.qty += item.qty;
    if (line.qty > MAX_QTY_PER_LINE) throw badRequest("quantityTooLarge");
    lines.set(key, line);
  }
  return [...lines.values()];
}

/**
 * What a checkout or a quote asks to be priced (price.ts): its product lines (the same product and
 * variant once), each gift card bought, the codes typed. A quote has no address; `shipToAddr` null then.
 */
export function priceRequestOf(
  input: QuoteOrderInput & { shipToAddr?: PlaceOrderInput["shipToAddr"] },
  language: Language,
  stage: PriceRequest["stage"],
  /** A carrier's service, priced before the batch by the shipping module (decision 0079). */
  carrierDelivery: CarrierDelivery | null = null,
): PriceRequest {
  const shipToAddr = input.shipToAddr
    ? (Object.fromEntries(Object.entries(input.shipToAddr).filter(([, value]) => value)) as Record<
        string,
        string
      >)
    : null;
  return {
    storeId: input.storeId,
    lines: requestedLines(input.items),
    giftCards: input.items.flatMap((item): GiftCardLine[] => (isGiftCardLine(item) ? [item.giftCard] : [])),
    deliveryOptionId: input.deliveryOptionId ?? null,
    carrierDelivery,
    shipToAddr,
    discountCode: input.discountCode ?? null,
    giftCardCode: input.giftCardCode ?? null,
    buyerEmail: input.buyerEmail?.toLowerCase() ?? null,
    language,
    now: Date.now(),
    stage,
    channel: "web",
    freeLines: [],
    cashGiven: null,
  };
}

/**
 * Places an order from ids and quantities only (decision 0006): the checkout's pricing (price.ts) prices
 * it from the products, variants and delivery option as the database holds them, and refuses it unless
 * every product is active and in the order's live store; the write (write.ts) then stores it as priced,
 * with its items, first status event and messages, and takes its stock in the same transaction, with the
 * orders that arrived meanwhile (CheckoutBatcher). A repeated Idempotency-Key is resolved with ON
 * CONFLICT, so a race can neither place a stale order nor two.
 */
export async function placeOrder(
  database: Database,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  /** Torg's address for the links in the buyer's text (see orderLinkOrigin) and e-mail; null: no link. */
  linkOrigins: { sms: string | null; email: string | null } = { sms: null, email: null },
  /** The buyer pays online: their confirmation text waits until the provider says it is paid (decision 0034). */
  holdConfirmation = false,
  /** The buyer's phone is in a country Torg texts; false: their receipt e-mail alone confirms (decision 0068). */
  textBuyer = true,
  /** The shopper's language: a refusal's amounts and a gift card line's title are worded in it. */
  language: Language = "nb",
  /** The carrier's service the body named, priced on the server before the batch (decision 0079). */
  carrierDelivery: CarrierDelivery | null = null,
): Promise<OrderPlacement> {
  const requestHash = requestHashOf(input);
  const orderId = randomUUID();
  const price = priceRequestOf(input, language, "order", carrierDelivery);

  const outcome = await batcherOf(database).place({
    price,
    order: {
      order_id: orderId,
      buyer_email: input.buyerEmail,
      ship_to_name: input.shipToName,
      ship_to_phone: input.shipToPhone,
      idempotency_key: idempotencyKey ?? null,
      request_hash: requestHash,
      sms_link_origin: linkOrigins.sms,
      email_link_origin: linkOrigins.email,
      hold_messages: holdConfirmation,
      text_buyer: textBuyer,
      ...WEB_ORDER,
    },
  });

  if (outcome.kind !== "placed") {
    // Nothing was written: the same key placed an order before (answer with it), or it was refused.
    if (idempotencyKey) {
      const existing = await findByIdempotencyKey(database.db, idempotencyKey, requestHash);
      if (existing) return { ...existing, replayed: true, soldOut: false };
    }
    throw outcome.kind === "refused" ? outcome.refusal : badRequest("productUnavailable");
  }
  const { priced, row, soldOut } = outcome;
  return {
    replayed: false,
    soldOut,
    publicPath: orderPagePath(priced.store.slug, row.public_token),
    order: {
      id: orderId,
      storeId: input.storeId,
      storeName: priced.store.name,
      status: paidAtOnce(priced) ? "paid" : "pending",
      totalGross: priced.totalGross,
      discountCode: priced.discount?.code ?? null,
      discountTotal: priced.discountTotal,
      giftCardTotal: priced.giftCardTotal,
      giftCardSales: priced.giftCardSales,
      currencyCode: "NOK",
      buyerEmail: input.buyerEmail,
      shipToName: input.shipToName,
      shipToPhone: input.shipToPhone,
      shipToAddr: priced.shipToAddr,
      placedAt: new Date(row.placed_at).toISOString(),
      delivery: priced.delivery && {
        name: priced.delivery.name,
        kind: priced.delivery.kind,
        price: priced.delivery.price,
      },
      shipping: priced.shipping,
      vat: priced.vat,
      trackingNumber: null,
      items: row.items.map((item) => ({
        id: item.id,
        productId: item.product_id,
        variantId: item.variant_id,
        title: item.title,
        variantLabel: item.variant_label,
        unitPrice: item.unit_price,
        qty: item.qty,
        giftCard: item.gift_card,
      })),
    },
  };
}
