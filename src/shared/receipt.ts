import { vatLineSchema } from "./vat";
import { z } from "./zod";

/**
 * A stall sale's or refund's receipt as its public page shows it (/r/{token}, decision 0077): what
 * bokføringsforskriften asks of a sales document for a cash sale (the seller's name and organisation
 * number, MVA after the number when registered, the date, what was sold, the amount and the VAT), and,
 * when the seller added the buyer's name and address, a full sales document (a kontantfaktura).
 * Amounts in kroner with two decimals.
 */
export const RECEIPT_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/**
 * How a receipt's money moved: a sale's payment methods (SALE_PAYMENT_METHODS) and a refund's
 * (REFUND_METHODS), listed here so the shop's receipt page does not bundle the market's schemas; the
 * server checks the two lists agree (src/server/modules/market/receipt-document.ts).
 */
export const RECEIPT_PAYMENT_METHODS = ["cash", "card_terminal", "vipps_qr", "vipps_phone", "vipps"] as const;

export const receiptLineSchema = z.object({
  title: z.string(),
  variantLabel: z.string().nullable(),
  qty: z.number(),
  unitPrice: z.string(),
  /** qty × unit price; on a refund receipt, what was given back for the line. */
  total: z.string(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptDocumentSchema = z.object({
  kind: z.enum(["sale", "refund"]),
  number: z.number(),
  issuedAt: z.string(),
  /** When the sale was made (on the phone: it may have reached the server later). */
  soldAt: z.string(),
  seller: z.object({
    storeName: z.string(),
    storeSlug: z.string(),
    legalName: z.string().nullable(),
    orgNumber: z.string().nullable(),
    /** Registered for MVA: "MVA" follows the organisation number, as on the receipt e-mail. */
    vatRegistered: z.boolean(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  lines: z.array(receiptLineSchema),
  /** The lines added up, before the discount. */
  subtotal: z.string(),
  discountCode: z.string().nullable(),
  discountTotal: z.string(),
  /** Paid by gift card (sale) or put back onto it (refund). */
  giftCardTotal: z.string(),
  /** The sale's (or refund's) whole value after the discount, gift card included. */
  total: z.string(),
  vat: z.array(vatLineSchema),
  /** How the rest was paid or given back, and how much. */
  payment: z.object({
    method: z.enum(RECEIPT_PAYMENT_METHODS),
    amount: z.string(),
    amountGiven: z.string().nullable(),
    change: z.string().nullable(),
    terminalRef: z.string().nullable(),
  }),
  /** A full sales document: the buyer's name and address (and e-mail, when given). */
  buyer: z.object({ name: z.string(), address: z.string(), email: z.string().nullable() }).nullable(),
  /** A refund receipt's sale: its receipt's number, date and page. */
  sale: z.object({ number: z.number(), issuedAt: z.string(), path: z.string() }).nullable(),
});
export type ReceiptDocument = z.infer<typeof receiptDocumentSchema>;

/** A receipt's page, relative to the site: /r/{token}. */
export const receiptPath = (token: string) => `/r/${token}`;
