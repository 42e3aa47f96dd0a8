import { and, eq } from "drizzle-orm";
import { translateShared } from "../../../shared/i18n";
import type { SaleBuyer } from "../../../shared/market";
import type { Language } from "../../../shared/preferences";
import { receiptPath } from "../../../shared/receipt";
import type { SendReceiptInput } from "../../../shared/receipt-send";
import type { Db } from "../../db/client";
import { emailOutbox, orders, smsOutbox } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-error";
import { languageOrEnglish } from "../../lib/language";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import type { StallReceiptEmailParams } from "../email";
import { assertSmsDestination, readPhone } from "../sms";
import { getSaleReceipt } from "./receipt-document";

/**
 * How often one sale's receipt may be sent in an hour: a buyer who mistyped their address gets a second
 * and third try, and nobody can use a seller's account to mail one address over and over (the outbox's
 * own per-recipient limit, decision 0058, still applies on top).
 */
export const RECEIPT_SENDS_PER_SALE_PER_HOUR = 5;
/**
 * How many receipts one store may send in an hour: a busy Christmas market stall makes a sale a minute at
 * most, so 120 leaves room for every buyer to ask for one twice, and bounds what a stolen session could
 * send (texts cost the platform money; SMS_PER_STORE_PER_HOUR also holds texts back in the worker).
 */
export const RECEIPT_SENDS_PER_STORE_PER_HOUR = 120;

export interface ReceiptSender {
  db: Db;
  allowedCountries: readonly string[];
  /** Torg's address for the receipt's link, or null (the message then goes without one). */
  linkOrigin: string | null;
  language: Language;
  wakeEmail?: () => void;
  wakeSms?: () => void;
}

/**
 * Queues the sale's receipt to the buyer (decision 0077): an e-mail with the receipt written out and its
 * page's link, or a short text with the link, to a number in a country Torg texts (decision 0068). 409
 * while the sale has no receipt (not paid yet). The caller checked the seller's access.
 */
export async function sendSaleReceipt(
  deps: ReceiptSender,
  sale: { id: string; storeId: string },
  input: SendReceiptInput,
): Promise<{ channel: "email" | "sms"; receiptNumber: number }> {
  const { db } = deps;
  const found = await getSaleReceipt(db, sale.id);
  if (!found) throw conflict("receiptNotIssued");
  // A number Torg will not text is refused before anything is counted.
  const phone = input.phone === undefined ? undefined : readPhone(input.phone);
  if (input.phone !== undefined)
    assertSmsDestination(phone ?? input.phone, deps.allowedCountries, deps.language);
  await enforceQuota(db, {
    key: `receipt:sale:${sale.id}`,
    limit: RECEIPT_SENDS_PER_SALE_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyReceiptSends",
  });
  await enforceQuota(db, {
    key: `receipt:store:${sale.storeId}`,
    limit: RECEIPT_SENDS_PER_STORE_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyStoreReceiptSends",
  });
  const { document, token, storeLocale } = found;
  const path = receiptPath(token);
  const language = languageOrEnglish(storeLocale);
  if (phone) {
    const link = deps.linkOrigin ? `${deps.linkOrigin}${path}` : path;
    await db.insert(smsOutbox).values({
      orderId: sale.id,
      storeId: sale.storeId,
      toNumber: phone.e164,
      purpose: "stall_receipt",
      linkOrigin: deps.linkOrigin,
      // A fixed template with the number, the store and the link: nothing the buyer typed (decision 0022).
      body: translateShared(language, "sms.stallReceipt", {
        number: document.number,
        store: document.seller.legalName || document.seller.storeName,
        link,
      }),
    });
    deps.wakeSms?.();
    return { channel: "sms", receiptNumber: document.number };
  }
  const params: StallReceiptEmailParams = { language, receipt: JSON.stringify(document), path };
  await db.insert(emailOutbox).values({
    orderId: sale.id,
    storeId: sale.storeId,
    toAddress: input.email ?? "",
    purpose: "stall_receipt",
    linkOrigin: deps.linkOrigin,
    params: params as unknown as Record<string, string>,
  });
  deps.wakeEmail?.();
  return { channel: "email", receiptNumber: document.number };
}

/**
 * PUT /api/sales/{id}/buyer: the buyer's name and address (and e-mail) on a stall sale, which makes its
 * receipt a full sales document (decision 0077: ship_to_name and buyer_address).
 */
export async function setSaleBuyer(db: Db, saleId: string, buyer: SaleBuyer) {
  const updated = await db
    .update(orders)
    .set({ shipToName: buyer.name, buyerAddress: buyer.address, buyerEmail: buyer.email ?? "" })
    .where(and(eq(orders.id, saleId), eq(orders.channel, "stall")))
    .returning({ id: orders.id });
  if (updated.length === 0) throw notFound("saleNotFound");
}
