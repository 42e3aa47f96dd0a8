import { formatKrExact } from "../../../../shared/money";
import { formatOrderDate } from "../../../../shared/order-date";
import { formatOrgNumber } from "../../../../shared/org-number";
import { formatPhone } from "../../../../shared/phone-format";
import type { ReceiptDocument, ReceiptLine } from "../../../../shared/receipt";
import { formatReceiptTime } from "../../../../shared/receipt-time";
import type { PublicStore } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { ShopFooter } from "../components/shop-footer";
import { StoreBadge } from "../components/store-logo";

const isPositive = (amount: string) => /[1-9]/.test(amount);

/** One row of the receipt's sums: a label and an amount, tabular so the amounts line up. */
function SumRow({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : "text-sm"}`}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {amount}
      </dd>
    </div>
  );
}

/**
 * A stall sale's or refund's receipt, /r/{token} (decision 0077): what bokføringsforskriften asks of a
 * cash sale's receipt (the seller with organisation number, "MVA" after it when registered, as the
 * receipt e-mail and the order page write it; the date and time; the lines; the VAT per rate; the
 * payment), headed "Salgskvittering", "Returkvittering", or "Salgsdokument" once the buyer's name and
 * address are on it. Server-rendered and made to print on one page: the print stylesheet drops the
 * button and footer and prints black on white whatever the screen's theme.
 */
export function ReceiptPage({ receipt, store }: { receipt: ReceiptDocument; store: PublicStore }) {
  const { t, language } = useTranslation();
  const kr = (amount: string) => formatKrExact(amount, language);
  const minus = (amount: string) => `\u2212${kr(amount)}`;
  const tr = (key: string, params?: Record<string, string | number>) =>
    t(`marketReceipts.receiptPage.${key}`, params);
  const { seller } = receipt;
  const refund = receipt.kind === "refund";
  const heading = refund ? tr("refundHeading") : receipt.buyer ? tr("documentHeading") : tr("saleHeading");
  const issued = tr("issued", {
    date: formatOrderDate(receipt.issuedAt, language),
    time: formatReceiptTime(receipt.issuedAt, language),
  });
  const lineText = (line: ReceiptLine) =>
    line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title;
  const payment = receipt.payment;

  return (
    <div className="flex min-h-dvh flex-col print:min-h-0 print:bg-white print:text-black">
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-md flex-1 px-4 py-6 outline-none sm:py-10 print:max-w-lg print:p-0"
      >
        <article
          className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-7 print:border-0 print:p-0 print:shadow-none"
          aria-labelledby="receipt-heading"
        >
          <header className="flex items-start gap-3 border-b pb-4">
            {/* The seller's logo is printed with the receipt; the drawn initials are not. */}
            <StoreBadge
              store={{ name: seller.storeName, brand: store.brand }}
              className={store.brand.logoSquare ? "size-10" : "size-10 text-sm print:hidden"}
            />
            <div className="min-w-0" data-testid="receipt-seller">
              <p className="font-semibold break-words">{seller.legalName || seller.storeName}</p>
              {seller.legalName && seller.legalName !== seller.storeName && (
                <p className="text-sm break-words text-muted-foreground">{seller.storeName}</p>
              )}
              {seller.orgNumber && (
                <p className="text-sm text-muted-foreground">
                  {tr(seller.vatRegistered ? "orgNumberVat" : "orgNumber", {
                    number: formatOrgNumber(seller.orgNumber),
                  })}
                </p>
              )}
              {seller.address && (
                <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
                  {seller.address}
                </p>
              )}
              {seller.phone && <p className="text-sm text-muted-foreground">{formatPhone(seller.phone)}</p>}
              {seller.email && <p className="text-sm break-all text-muted-foreground">{seller.email}</p>}
            </div>
          </header>

          <div className="border-b py-4">
            <h1
              id="receipt-heading"
              className="text-xl font-semibold tracking-tight"
              data-testid="receipt-heading"
            >
              {heading}
            </h1>
            <p className="mt-1 font-medium tabular-nums" data-testid="receipt-number">
              {tr("number", { number: receipt.number })}
            </p>
            <p className="text-sm text-muted-foreground">{issued}</p>
            {refund && receipt.sale && (
              <p className="mt-2 text-sm" data-testid="receipt-for-sale">
                <a
                  href={receipt.sale.path}
                  className="font-medium underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {tr("forSale", {
                    number: receipt.sale.number,
                    date: formatOrderDate(receipt.sale.issuedAt, language),
                  })}
                </a>
              </p>
            )}
          </div>

          {receipt.buyer && (
            <section className="border-b py-4" aria-labelledby="receipt-buyer" data-testid="receipt-buyer">
              <h2 id="receipt-buyer" className="text-sm font-semibold">
                {tr("buyer")}
              </h2>
              <address className="mt-1 text-sm not-italic">
                <span className="block break-words">{receipt.buyer.name}</span>
                <span className="block break-words whitespace-pre-line text-muted-foreground">
                  {receipt.buyer.address}
                </span>
                {receipt.buyer.email && (
                  <span className="block break-all text-muted-foreground">{receipt.buyer.email}</span>
                )}
              </address>
            </section>
          )}

          <section className="border-b py-4" aria-labelledby="receipt-lines">
            <h2 id="receipt-lines" className="sr-only">
              {tr(refund ? "refundItems" : "items")}
            </h2>
            <ul className="space-y-3">
              {receipt.lines.map((line, index) => (
                // Lines have no id of their own here; their order is the receipt's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
                <li key={index} className="flex items-start justify-between gap-4" data-testid="receipt-line">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{lineText(line)}</p>
                    <p className="text-sm text-muted-foreground tabular-nums">
                      {tr("qtyTimes", { qty: line.qty, price: kr(line.unitPrice) })}
                    </p>
                  </div>
                  <p className="shrink-0 tabular-nums">{kr(line.total)}</p>
                </li>
              ))}
            </ul>
          </section>

          <dl className="space-y-1.5 border-b py-4">
            {isPositive(receipt.discountTotal) && (
              <>
                <SumRow label={tr("subtotal")} amount={kr(receipt.subtotal)} />
                <SumRow
                  label={
                    receipt.discountCode
                      ? tr("discount", { code: receipt.discountCode })
                      : tr("discountNoCode")
                  }
                  amount={minus(receipt.discountTotal)}
                />
              </>
            )}
            <SumRow
              label={tr(refund ? "refundTotal" : "total")}
              amount={kr(receipt.total)}
              strong
              testId="receipt-total"
            />
            {receipt.vat.map((vat) => (
              <SumRow
                key={vat.rate}
                label={tr("vat", { rate: vat.rate })}
                amount={kr(vat.amount)}
                testId="receipt-vat"
              />
            ))}
          </dl>

          <section className="py-4" aria-labelledby="receipt-payment" data-testid="receipt-payment">
            <h2 id="receipt-payment" className="text-sm font-semibold">
              {tr(refund ? "refundPayment" : "payment")}
            </h2>
            <dl className="mt-2 space-y-1.5">
              {isPositive(receipt.giftCardTotal) && (
                <SumRow
                  label={tr(refund ? "giftCardBack" : "giftCardPaid")}
                  amount={kr(receipt.giftCardTotal)}
                />
              )}
              <SumRow label={tr(`method.${payment.method}`)} amount={kr(payment.amount)} />
              {payment.amountGiven && <SumRow label={tr("amountGiven")} amount={kr(payment.amountGiven)} />}
              {payment.change && <SumRow label={tr("change")} amount={kr(payment.change)} />}
              {payment.terminalRef && (
                <div className="flex justify-between gap-4 text-sm">
                  <dt>{tr("terminalRef")}</dt>
                  <dd className="min-w-0 font-mono break-all">{payment.terminalRef}</dd>
                </div>
              )}
            </dl>
          </section>
        </article>

        <div className="mt-6 flex justify-center print:hidden">
          <Button type="button" variant="outline" size="lg" className="h-12" onClick={() => window.print()}>
            {tr("print")}
          </Button>
        </div>
      </main>
      <div className="print:hidden">
        <ShopFooter store={store} />
      </div>
    </div>
  );
}
