import type { SalePaymentMethod } from "../../../shared/market";
import type { Language } from "../../../shared/preferences";
import type { Database } from "../../db/client";
import type { HttpError } from "../../lib/http-error";
import { batcherOf } from "./batcher";

/** A line of a stall sale as the checkout takes it: a catalogue product (or variant), or a free amount. */
export type StallLine =
  | { kind: "product"; product_id: string; variant_id: string | null; qty: number }
  | { kind: "free"; title: string; unit_price: string; qty: number };

/** A stall sale to price and write (decision 0077), checked by the market module first. */
export interface StallSaleToPlace {
  orderId: string;
  storeId: string;
  /** Catalogue lines, the same product and variant once. */
  products: StallLine[];
  free: StallLine[];
  discountCode: string | null;
  giftCardCode: string | null;
  buyer: { name: string; address: string; email?: string } | null;
  /** The shopper's Vipps number (E.164) for the push flow, or null. */
  phone: string | null;
  language: Language;
  now: number;
  requestHash: string;
  clientSaleId: string;
  /** ISO 8601. */
  soldAt: string;
  sessionId: string | null;
  method: SalePaymentMethod;
  /** Cash handed over (numeric text), when recorded. */
  cashGiven: string | null;
  terminalRef: string | null;
  /** Cash or the seller's terminal: paid as it is placed, and numbered. */
  paidOnPlacing: boolean;
}

/** What became of a stall sale: placed (paid or waiting for Vipps), refused, or skipped (its id was used). */
export type StallSaleOutcome =
  | { kind: "placed"; status: "paid" | "pending"; soldOut: boolean; receiptNumber: number | null }
  | { kind: "refused"; refusal: HttpError }
  | { kind: "skipped" };

/**
 * Places a stall sale through the checkout (decision 0071) with the stall's differences as data: priced by
 * priceCheckout with channel "stall" (no delivery, free-amount lines, the cash given checked against what
 * is to pay), written by the same statement (its own columns, no messages, the seller's first events),
 * its stock taken by the same TAKE_STOCK_SQL and its code and card by takePriceRules, in the batch of web
 * orders arriving meanwhile. Paid on the spot, its receipt is numbered in that same transaction.
 */
export async function placeStallSale(database: Database, sale: StallSaleToPlace): Promise<StallSaleOutcome> {
  const outcome = await batcherOf(database).place({
    price: {
      storeId: sale.storeId,
      lines: sale.products.flatMap((line) =>
        line.kind === "product"
          ? [{ product_id: line.product_id, variant_id: line.variant_id, qty: line.qty }]
          : [],
      ),
      giftCards: [],
      deliveryOptionId: null,
      carrierDelivery: null,
      shipToAddr: null,
      discountCode: sale.discountCode,
      giftCardCode: sale.giftCardCode,
      buyerEmail: sale.buyer?.email?.toLowerCase() ?? null,
      language: sale.language,
      now: sale.now,
      stage: "order",
      channel: "stall",
      freeLines: sale.free.flatMap((line) =>
        line.kind === "free" ? [{ title: line.title, unit_price: line.unit_price, qty: line.qty }] : [],
      ),
      cashGiven: sale.cashGiven,
    },
    order: {
      order_id: sale.orderId,
      // Decision 0077: "" unless the seller adds the buyer; the phone only for Vipps to a number.
      buyer_email: sale.buyer?.email?.toLowerCase() ?? "",
      ship_to_name: sale.buyer?.name ?? "",
      ship_to_phone: sale.phone ?? "",
      idempotency_key: null,
      request_hash: sale.requestHash,
      sms_link_origin: null,
      email_link_origin: null,
      hold_messages: false,
      text_buyer: false,
      channel: "stall",
      placed_by: "seller",
      client_sale_id: sale.clientSaleId,
      sold_at: sale.soldAt,
      market_session_id: sale.sessionId,
      payment_method: sale.method,
      cash_given: sale.cashGiven,
      terminal_ref: sale.terminalRef,
      buyer_address: sale.buyer?.address ?? null,
    },
    paidOnPlacing: sale.paidOnPlacing,
  });
  if (outcome.kind !== "placed") return outcome;
  return {
    kind: "placed",
    // Every stall sale written paid (on the spot, or nothing left to pay after a gift card) was numbered.
    status: outcome.receipt ? "paid" : "pending",
    soldOut: outcome.soldOut,
    receiptNumber: outcome.receipt?.number ?? null,
  };
}
