import { normalizePrice } from "./money";
import { phoneTextSchema } from "./order";
import { MAX_LINES_PER_ORDER, MAX_QTY_PER_LINE } from "./order-limits";
import { ADMIN_PAGE_SIZE, pageQuerySchema } from "./paging";
import { multiLineText, singleLineText } from "./text";
import { vatLineSchema } from "./vat";
import { z } from "./zod";

/**
 * The market stall (decision 0077): in-person sales on the seller's phone. A stall sale is an order of
 * the `stall` channel, priced by the same checkout rules as a web order (lines, discount code, gift card,
 * VAT) and taking its stock in the same statement; these are the rules and shapes both sides share.
 */

/** How a stall sale is paid. Cash and the seller's own card terminal work offline; Vipps needs the network. */
export const SALE_PAYMENT_METHODS = ["cash", "card_terminal", "vipps_qr", "vipps_phone"] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/** The methods the market screen may take while offline: nothing to ask a provider. */
export const OFFLINE_PAYMENT_METHODS: readonly SalePaymentMethod[] = ["cash", "card_terminal"];

export const isVippsMethod = (method: SalePaymentMethod) => method === "vipps_qr" || method === "vipps_phone";

/**
 * Cash handed over covers what is due (both in øre): the pay sheet's "Paid" button, the checkout's
 * pricing of a cash sale and a Vipps sale paid in cash after all refuse the same short amount.
 */
export const cashCovers = (givenOre: number, dueOre: number) => givenOre >= dueOre;

/** How money goes back at the stall: paid out in cash, on the seller's terminal (recorded), through Vipps. */
export const REFUND_METHODS = ["cash", "card_terminal", "vipps"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The refund method for a sale paid a given way: money goes back the way it came. */
export function refundMethodFor(method: SalePaymentMethod): RefundMethod {
  return isVippsMethod(method) ? "vipps" : method;
}

/**
 * An id the phone makes for a sale or a refund (a UUID, or any 8 to 100 of these characters): the same id
 * sent again, from the offline queue or a retry, is answered with the same sale.
 */
export const clientIdSchema = z
  .string("errors.clientSaleIdInvalid")
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "errors.clientSaleIdInvalid");

/** A sale made offline may reach the server this long after it was made. */
export const MAX_OFFLINE_SALE_AGE_DAYS = 30;
/** A phone's clock may run this far ahead of the server's. */
export const MAX_CLOCK_SKEW_MS = 10 * 60 * 1000;

/** An amount of kroner with at most two decimals ("250", "49.50", "49,5"), as text with two decimals. */
export const krAmountField = (message: string) =>
  z.union([z.string(), z.number()], message).transform((value, ctx) => {
    const normalized = normalizePrice(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * One line of a stall sale: a product (and its variant) from the catalogue, priced by the server; or a
 * free amount ("Other, 250 kr") for what is not in the catalogue, with the seller's own title.
 */
export const saleLineSchema = z
  .object({
    productId: z.string("errors.productUnavailable").uuid("errors.productUnavailable").optional(),
    variantId: z.string().uuid("errors.productUnavailable").nullable().optional(),
    title: singleLineText("errors.saleLineTitleRequired").max(120, "errors.textTooLong").optional(),
    unitPrice: krAmountField("errors.priceInvalid").optional(),
    qty: z
      .number("errors.quantityInvalid")
      .int("errors.quantityInvalid")
      .min(1, "errors.quantityInvalid")
      .max(MAX_QTY_PER_LINE, "errors.quantityTooLarge"),
  })
  .superRefine((line, ctx) => {
    if (line.productId) return;
    if (!line.title)
      ctx.addIssue({ code: "custom", path: ["title"], message: "errors.saleLineTitleRequired" });
    if (line.unitPrice === undefined || line.unitPrice === "0.00")
      ctx.addIssue({ code: "custom", path: ["unitPrice"], message: "errors.priceInvalid" });
  });
export type SaleLineInput = z.infer<typeof saleLineSchema>;

/** A free-amount line (not a catalogue product). */
export const isFreeAmountLine = (line: SaleLineInput) => !line.productId;

export const salePaymentSchema = z.object({
  method: z.enum(SALE_PAYMENT_METHODS, "errors.salePaymentMethodInvalid"),
  /** Cash handed over, in kroner; at least what is to pay. */
  amountGiven: krAmountField("errors.amountGivenInvalid").optional(),
  /** The seller's card terminal's reference, if they want it on the sale. */
  terminalRef: singleLineText().max(60, "errors.textTooLong").optional(),
  /** The shopper's Vipps number, for the push-message flow (vipps_phone). */
  phone: phoneTextSchema.optional(),
});
export type SalePaymentInput = z.infer<typeof salePaymentSchema>;

/** The buyer's name and address: a full sales document (decision 0077). */
export const saleBuyerSchema = z.object({
  name: singleLineText("errors.nameRequired").min(2, "errors.nameTooShort").max(120, "errors.textTooLong"),
  address: multiLineText("errors.addressRequired")
    .min(4, "errors.addressRequired")
    .max(500, "errors.textTooLong"),
  email: z.string().trim().toLowerCase().email("errors.validEmailRequired").max(254).optional(),
});
export type SaleBuyer = z.infer<typeof saleBuyerSchema>;

/** POST /api/stores/{id}/sales. */
export const createSaleSchema = z.object({
  clientSaleId: clientIdSchema,
  /** When it was sold on the phone (ISO 8601). */
  soldAt: z.string("errors.soldAtInvalid").datetime({ offset: true, message: "errors.soldAtInvalid" }),
  items: z
    .array(saleLineSchema, "errors.cannotPlaceOrder")
    .min(1, "errors.saleEmpty")
    .max(MAX_LINES_PER_ORDER, "errors.tooManyLines"),
  discountCode: singleLineText("errors.invalidInput")
    .max(64, "errors.invalidInput")
    .transform((code) => code || undefined)
    .optional(),
  giftCardCode: singleLineText("errors.invalidInput")
    .max(32, "errors.invalidInput")
    .transform((code) => code || undefined)
    .optional(),
  payment: salePaymentSchema,
  buyer: saleBuyerSchema.optional(),
  /** The market it was sold at. */
  sessionId: z.string().uuid("errors.marketSessionNotFound").optional(),
});
export type CreateSaleInput = z.infer<typeof createSaleSchema>;

/**
 * A stall sale's state: awaiting_payment while Vipps is asked (the stall holds its stock meanwhile),
 * paid, payment_failed (Vipps was refused, cancelled or timed out: stock given back, a new QR or
 * another method may still pay it), cancelled, or refunded in part or whole.
 */
export const SALE_STATUSES = [
  "awaiting_payment",
  "paid",
  "payment_failed",
  "cancelled",
  "partly_refunded",
  "refunded",
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const saleLineViewSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  unitPrice: z.string(),
  qty: z.number(),
  refundedQty: z.number(),
});

export const saleRefundViewSchema = z.object({
  id: z.string(),
  amount: z.string(),
  giftCardAmount: z.string(),
  method: z.enum(REFUND_METHODS),
  lines: z.array(z.object({ orderItemId: z.string(), qty: z.number(), amount: z.string() })),
  vat: z.array(vatLineSchema),
  restocked: z.boolean(),
  receiptNumber: z.number().nullable(),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SaleRefundView = z.infer<typeof saleRefundViewSchema>;

export const saleViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  clientSaleId: z.string(),
  /** From the store's gap-free sequence once paid; null before. */
  receiptNumber: z.number().nullable(),
  /** The receipt's public page (/r/{token}), absolute when Torg knows its address; null before it is paid. */
  receiptUrl: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
  soldAt: z.string(),
  sessionId: z.string().nullable(),
  items: z.array(saleLineViewSchema),
  /** Amounts in kroner, two decimals: subtotal − discountTotal = the sale; giftCardTotal of it by card. */
  subtotal: z.string(),
  discountCode: z.string().nullable(),
  discountTotal: z.string(),
  giftCardTotal: z.string(),
  /** What is paid by the payment method (after the gift card). */
  total: z.string(),
  vat: z.array(vatLineSchema),
  refundedTotal: z.string(),
  payment: z.object({
    method: z.enum(SALE_PAYMENT_METHODS),
    amountGiven: z.string().nullable(),
    change: z.string().nullable(),
    terminalRef: z.string().nullable(),
    phone: z.string().nullable(),
    /** Vipps QR: the address to show as a QR code (Vipps' `redirectUrl` of a QR payment). */
    qrUrl: z.string().nullable().optional(),
    /** When the Vipps request stops being payable. */
    expiresAt: z.string().nullable().optional(),
  }),
  buyer: z.object({ name: z.string(), address: z.string(), email: z.string().nullable() }).nullable(),
  refunds: z.array(saleRefundViewSchema),
});
export type SaleView = z.infer<typeof saleViewSchema>;

/** POST /api/sales/{id}/refund: lines and quantities to give back (all that is left when none are named). */
export const refundSaleSchema = z.object({
  clientRefundId: clientIdSchema,
  lines: z
    .array(
      z.object({
        itemId: z.string("errors.saleLineNotFound").uuid("errors.saleLineNotFound"),
        qty: z
          .number("errors.quantityInvalid")
          .int("errors.quantityInvalid")
          .min(1, "errors.quantityInvalid")
          .max(MAX_QTY_PER_LINE, "errors.quantityTooLarge"),
      }),
    )
    .max(MAX_LINES_PER_ORDER, "errors.tooManyLines")
    .optional(),
  /** Whether the pieces go back into stock (a returned piece in good order); default yes. */
  restock: z.boolean().default(true),
});
export type RefundSaleInput = z.infer<typeof refundSaleSchema>;

/** A market: a named session with the cash the till starts with. */
export const openMarketSessionSchema = z.object({
  name: singleLineText("errors.marketNameRequired")
    .min(1, "errors.marketNameRequired")
    .max(80, "errors.textTooLong"),
  openingCash: krAmountField("errors.cashAmountInvalid").default("0.00"),
});
export const closeMarketSessionSchema = z.object({
  countedCash: krAmountField("errors.cashAmountInvalid"),
});

export const marketSessionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  openingCash: z.string(),
  countedCash: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type MarketSessionView = z.infer<typeof marketSessionViewSchema>;

/**
 * GET /api/stores/{id}/market/catalogue: what the market screen sells, compact enough to keep on the
 * phone for offline sales. Products the stall may sell (active), most recently sold first, each with its
 * variants; prices in kroner as the checkout prices them (a variant's own price, or the product's).
 */
export const marketCatalogueItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  price: z.string(),
  /** A small photo (the product's first), or null. */
  imageUrl: z.string().nullable(),
  /** null: not counted (unlimited). For a product with variants, the variants carry the stock. */
  stockQty: z.number().nullable(),
  variants: z.array(
    z.object({ id: z.string(), label: z.string(), price: z.string(), stockQty: z.number().nullable() }),
  ),
  /** When it was last sold (any channel), for "recent first"; null: never. */
  lastSoldAt: z.string().nullable(),
});
export type MarketCatalogueItem = z.infer<typeof marketCatalogueItemSchema>;

export const marketCatalogueSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  /** MVA rate in percent, or null when the store is not registered. */
  vatRate: z.number().nullable(),
  /** The store has a live Vipps channel the platform has keys for: the Vipps buttons are offered. */
  vippsAvailable: z.boolean(),
  /** Every stall sale is a full sales document: the buyer's name and address are asked for. */
  fullDocuments: z.boolean(),
  /** The market open now (a named session with opening cash): the screen's sales are made at it. */
  openMarket: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(marketCatalogueItemSchema),
  /** The server's time when read (ISO 8601): the phone shows how old its copy is. */
  fetchedAt: z.string(),
  /**
   * Set by the phone, never by the server: this is the copy kept on the phone, read without the network
   * (src/web/features/market/catalogue-source.ts); `fetchedAt` says how old it is.
   */
  offline: z.boolean().optional(),
});
export type MarketCatalogue = z.infer<typeof marketCatalogueSchema>;

/** A day ("2026-12-05", a calendar day in Norway) or a moment (ISO 8601 with its offset). */
const dayOrMoment = z.union(
  [
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "errors.invalidInput"),
    z.string().datetime({ offset: true, message: "errors.invalidInput" }),
  ],
  "errors.invalidInput",
);

/**
 * GET /api/stores/{id}/sales: the store's stall sales sold from `from` to `to` (a day counts whole, in
 * Norway's time; default today), newest first, a page at a time.
 */
export const listSalesQuerySchema = pageQuerySchema({ defaultLimit: ADMIN_PAGE_SIZE }).extend({
  from: dayOrMoment.optional(),
  to: dayOrMoment.optional(),
});
export type ListSalesQuery = z.infer<typeof listSalesQuerySchema>;

export const saleListSchema = z.object({
  sales: z.array(saleViewSchema),
  /** How many sales the whole range holds. */
  total: z.number(),
});
export type SaleList = z.infer<typeof saleListSchema>;

/**
 * POST /api/sales/{id}/vipps: a new Vipps request for a sale waiting for payment or whose attempt ended
 * unpaid: a new QR, or a push (to the same or another number). Any attempt still under way is cancelled
 * at Vipps first; the sale takes its stock again (409 naming the product when it sold meanwhile).
 * Answers the SaleView, with `payment.qrUrl` and `payment.expiresAt` for a QR.
 */
export const saleVippsSchema = z.object({
  method: z.enum(["vipps_qr", "vipps_phone"], "errors.salePaymentMethodInvalid"),
  /** The shopper's Vipps number for a push; absent: the number the sale has. */
  phone: phoneTextSchema.optional(),
});
export type SaleVippsInput = z.infer<typeof saleVippsSchema>;

/**
 * POST /api/sales/{id}/pay: the shopper pays another way after all (cash or the seller's terminal): the
 * Vipps attempt is cancelled at Vipps, and the sale is paid now with its receipt number. 409 when Vipps
 * had it paid meanwhile (the sale is then paid by Vipps: show it).
 */
export const salePaySchema = z.object({
  method: z.enum(["cash", "card_terminal"], "errors.salePaymentMethodInvalid"),
  amountGiven: krAmountField("errors.amountGivenInvalid").optional(),
  terminalRef: singleLineText().max(60, "errors.textTooLong").optional(),
});
export type SalePayInput = z.infer<typeof salePaySchema>;

/**
 * POST /api/sales/{id}/cancel-payment (no body): the seller gives the sale up: its Vipps attempt is
 * cancelled at Vipps, its stock given back, the sale cancelled. 409 when Vipps had it paid meanwhile.
 *
 * GET /api/sales/{id} while a sale awaits Vipps reads the payment from Vipps when its webhook has not
 * come (at most once every few seconds per sale): the screen turns to "Paid" from Vipps, never by itself.
 */
