import { formatKrExact } from "../../../shared/money";
import { formatOrderDate } from "../../../shared/order-date";
import { formatOrgNumber } from "../../../shared/org-number";
import type { ReceiptDocument } from "../../../shared/receipt";
import { formatReceiptTime } from "../../../shared/receipt-time";
import type { EmailMessage } from "../../adapters/email";
import { languageOrEnglish } from "../../lib/language";
import { type EmailStoreLook, emailBrand } from "./store-look";
import { Writer } from "./writer";

/**
 * What a stall receipt's e-mail says, fixed when the seller sent it (email_outbox.params, decision 0077):
 * the receipt as it was then, its page's path, and the language it is written in. A receipt does not
 * change once issued (a refund has a receipt of its own).
 */
export interface StallReceiptEmailParams {
  language: string;
  /** The receipt (ReceiptDocument) as JSON: params hold text only. */
  receipt: string;
  /** /r/{token}: the page to see and print it. */
  path: string;
}

const METHOD_KEYS: Record<ReceiptDocument["payment"]["method"], string> = {
  cash: "stallMethodCash",
  card_terminal: "stallMethodCard",
  vipps_qr: "stallMethodVipps",
  vipps_phone: "stallMethodVipps",
  vipps: "stallMethodVipps",
};

/**
 * "Receipt 12 from {store}": the seller with organisation number (MVA after it when registered, as the
 * order receipt writes it: bokføringsforskriften § 5-1-1), number, date and time, lines, discount, total,
 * VAT per rate, payment, the buyer when it is a sales document, and the link to the receipt's page.
 */
export function composeStallReceiptEmail(
  params: StallReceiptEmailParams,
  linkOrigin: string | null,
  /** The store's look when sent (store-look.ts); without it, its name on Torg's colour. */
  look?: EmailStoreLook | null,
): Omit<EmailMessage, "to"> {
  const receipt = JSON.parse(params.receipt) as ReceiptDocument;
  const shop: EmailStoreLook = look ?? {
    name: receipt.seller.storeName,
    slug: "",
    domain: null,
    brandColor: null,
    logoWide: null,
  };
  const w = new Writer(languageOrEnglish(params.language), emailBrand(shop, linkOrigin));
  const { language } = w;
  const kr = (amount: string) => formatKrExact(amount, language);
  const seller = receipt.seller;
  const store = seller.legalName || seller.storeName;
  const refund = receipt.kind === "refund";
  w.paragraph("stallReceiptIntro", { store: seller.storeName });
  const rows: [string, string][] = [
    [w.t("stallReceiptNumber"), String(receipt.number)],
    [
      w.t("stallReceiptDate"),
      `${formatOrderDate(receipt.issuedAt, language)} ${formatReceiptTime(receipt.issuedAt, language)}`,
    ],
  ];
  if (refund && receipt.sale) rows.push([w.t("stallReceiptForSale", { number: receipt.sale.number }), ""]);
  for (const line of receipt.lines) {
    const title = line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title;
    rows.push([`${title}, ${w.t("line", { qty: line.qty, price: kr(line.unitPrice) })}`, kr(line.total)]);
  }
  if (/[1-9]/.test(receipt.discountTotal))
    rows.push([
      receipt.discountCode ? w.t("discount", { code: receipt.discountCode }) : w.t("discountNoCode"),
      `\u2212${kr(receipt.discountTotal)}`,
    ]);
  rows.push([w.t("total"), kr(receipt.total)]);
  for (const vat of receipt.vat) rows.push([w.t("vat", { rate: vat.rate }), kr(vat.amount)]);
  if (/[1-9]/.test(receipt.giftCardTotal)) rows.push([w.t("giftCardPaid"), kr(receipt.giftCardTotal)]);
  const method = w.t(METHOD_KEYS[receipt.payment.method]);
  rows.push([
    w.t(refund ? "stallReceiptRefundedBy" : "stallReceiptPaidBy", { method }),
    kr(receipt.payment.amount),
  ]);
  if (receipt.payment.change) rows.push([w.t("stallReceiptChange"), kr(receipt.payment.change)]);
  w.table(rows);
  const sellerRows: [string, string][] = [[w.t("seller"), store]];
  if (seller.orgNumber)
    sellerRows.push([
      w.t("orgNumber"),
      `${formatOrgNumber(seller.orgNumber)}${seller.vatRegistered ? " MVA" : ""}`,
    ]);
  if (seller.address) sellerRows.push([seller.address, ""]);
  if (seller.email) sellerRows.push([w.t("contactEmail"), seller.email]);
  if (receipt.buyer)
    sellerRows.push([w.t("stallReceiptBuyer"), `${receipt.buyer.name}, ${receipt.buyer.address}`]);
  w.table(sellerRows);
  // The receipt's page is Torg's (/r/{token}), on every store's address alike.
  if (linkOrigin) w.button("stallReceiptLink", "stallReceiptLinkLabel", `${linkOrigin}${params.path}`);
  w.paragraph("footer", { store: seller.storeName });
  return w.done(
    w.t(refund ? "stallRefundSubject" : "stallReceiptSubject", { number: receipt.number, store }),
  );
}
