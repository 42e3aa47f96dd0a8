import { Banknote, ReceiptText, ShoppingBasket, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { type DayReport, osloDateTime } from "../../../../shared/day-report";
import { formatKrExact } from "../../../../shared/money";
import { StatCard } from "../../../components/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { osloTime } from "../sales/sale-text";

/** A signed amount ("-10.00") as the seller reads it: "−10,00 kr", "+10,00 kr". */
function signed(amount: string, language: string) {
  if (amount === "0.00" || amount === "-0.00") return formatKrExact("0.00", language);
  return amount.startsWith("-")
    ? `−${formatKrExact(amount.slice(1), language)}`
    : `+${formatKrExact(amount, language)}`;
}

/** A date that never breaks at its hyphens (non-breaking hyphens), so a narrow heading wraps before it. */
const unbroken = (date: string) => date.replaceAll("-", "\u2011");

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-1.5", strong && "font-semibold")}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The report's figures and its sales, as cards and a table; the same figures as the PDF and the CSV. */
export function ReportFigures({ report }: { report: DayReport }) {
  const { t, language } = useTranslation();
  const kr = (amount: string) => formatKrExact(amount, language);
  const heading = report.session
    ? t("marketSales.report.headingMarket", {
        name: report.session.name,
        date: unbroken(osloDateTime(report.session.openedAt).slice(0, 10)),
      })
    : t("marketSales.report.headingDay", { date: unbroken(report.date ?? "") });
  return (
    <article id="day-report" aria-label={heading} className="space-y-6">
      <header className="space-y-1">
        <h2 className="text-xl font-semibold">{heading}</h2>
        <p className="text-sm text-muted-foreground">
          {report.legalName ?? report.storeName}
          {report.orgNumber && ` · ${t("marketSales.report.orgNumber", { number: report.orgNumber })}`}
        </p>
      </header>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard title={t("marketSales.report.sales")} value={report.salesCount} icon={ReceiptText} />
        <StatCard title={t("marketSales.report.sold")} value={kr(report.sold)} icon={ShoppingBasket} />
        <StatCard
          title={t("marketSales.report.refunds")}
          value={kr(report.refunds.amount)}
          icon={Undo2}
          description={t("marketSales.report.refundCount", { count: report.refunds.count })}
        />
        <StatCard title={t("marketSales.report.net")} value={kr(report.net)} icon={Banknote} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("marketSales.report.byMethod")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y text-sm">
              {report.byMethod.length === 0 && <Row label={t("marketSales.report.noSales")} value="" />}
              {report.byMethod.map((entry) => (
                <Row
                  key={entry.method}
                  label={`${t(`marketSales.methods.${entry.method}`)} (${entry.count})`}
                  value={kr(entry.amount)}
                />
              ))}
              {report.giftCardsSpent !== "0.00" && (
                <Row label={t("marketSales.report.giftCardsSpent")} value={kr(report.giftCardsSpent)} />
              )}
              {report.discounts !== "0.00" && (
                <Row label={t("marketSales.report.discounts")} value={`−${kr(report.discounts)}`} />
              )}
              {report.giftCardsSold !== "0.00" && (
                <Row label={t("marketSales.report.giftCardsSold")} value={kr(report.giftCardsSold)} />
              )}
              {report.refunds.byMethod.map((entry) => (
                <Row
                  key={entry.method}
                  label={t("marketSales.report.refundedBy", {
                    method: t(`marketSales.refundMethods.${entry.method}`),
                  })}
                  value={`−${kr(entry.amount)}`}
                />
              ))}
              {report.refunds.giftCard !== "0.00" && (
                <Row
                  label={t("marketSales.report.refundedToGiftCards")}
                  value={`−${kr(report.refunds.giftCard)}`}
                />
              )}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("marketSales.report.cash")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y text-sm">
              {report.cash.opening !== null && (
                <Row label={t("marketSales.report.openingCash")} value={kr(report.cash.opening)} />
              )}
              <Row label={t("marketSales.report.cashSales")} value={signed(report.cash.sales, language)} />
              <Row
                label={t("marketSales.report.cashRefunds")}
                value={signed(`-${report.cash.refunds}`, language)}
              />
              <Row label={t("marketSales.report.expectedCash")} value={kr(report.cash.expected)} strong />
              <Row
                label={t("marketSales.report.countedCash")}
                value={
                  report.cash.counted === null ? t("marketSales.report.notCounted") : kr(report.cash.counted)
                }
              />
              {report.cash.difference !== null && (
                <Row
                  label={t("marketSales.report.difference")}
                  value={
                    <span
                      className={
                        report.cash.difference === "0.00"
                          ? "text-emerald-700 dark:text-emerald-400"
                          : "text-error"
                      }
                    >
                      {signed(report.cash.difference, language)}
                    </span>
                  }
                  strong
                />
              )}
            </dl>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle className="text-base">{t("marketSales.report.vat")}</CardTitle>
          </CardHeader>
          <CardContent>
            {report.vat.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("marketSales.report.noVat")}</p>
            ) : (
              <table className="w-full text-sm">
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1.5 font-medium">
                      {t("marketSales.report.rate")}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {t("marketSales.report.vatSold")}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {t("marketSales.report.vatRefunded")}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {t("marketSales.report.vatNet")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y tabular-nums">
                  {report.netVat.map((line) => (
                    <tr key={line.rate}>
                      <th scope="row" className="py-1.5 text-left font-normal">
                        {line.rate} %
                      </th>
                      <td className="py-1.5 text-right">
                        {kr(report.vat.find((entry) => entry.rate === line.rate)?.amount ?? "0.00")}
                      </td>
                      <td className="py-1.5 text-right">
                        {kr(report.refunds.vat.find((entry) => entry.rate === line.rate)?.amount ?? "0.00")}
                      </td>
                      <td className="py-1.5 text-right font-semibold">{kr(line.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("marketSales.report.salesList")}</CardTitle>
        </CardHeader>
        <CardContent>
          {report.sales.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("marketSales.report.noSales")}</p>
          ) : (
            <>
              {/* A phone lists each sale on its own lines; a wider screen has the table. */}
              <ul className="divide-y text-sm sm:hidden print:hidden">
                {report.sales.map((sale) => (
                  <li key={sale.id} className="flex justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="text-muted-foreground">
                        {sale.receiptNumber === null ? "—" : `#${sale.receiptNumber}`} ·{" "}
                        {osloTime(sale.soldAt)} · {t(`marketSales.methods.${sale.method}`)}
                      </p>
                      <p>{sale.lines}</p>
                    </div>
                    <div className="shrink-0 text-right tabular-nums">
                      <p className="font-medium">{kr(sale.paid)}</p>
                      {sale.refunded !== "0.00" && (
                        <p className="text-muted-foreground">−{kr(sale.refunded)}</p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <table className="hidden w-full text-sm sm:table print:table">
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1.5 pr-2 font-medium">
                      {t("marketSales.report.receipt")}
                    </th>
                    <th scope="col" className="py-1.5 pr-2 font-medium">
                      {t("marketSales.report.time")}
                    </th>
                    <th scope="col" className="py-1.5 pr-2 font-medium">
                      {t("marketSales.report.lines")}
                    </th>
                    <th scope="col" className="py-1.5 pr-2 font-medium">
                      {t("marketSales.report.method")}
                    </th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                      {t("marketSales.report.paid")}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {t("marketSales.report.refunded")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {report.sales.map((sale) => (
                    <tr key={sale.id}>
                      <td className="py-1.5 pr-2 tabular-nums">{sale.receiptNumber ?? "—"}</td>
                      <td className="py-1.5 pr-2 tabular-nums">{osloTime(sale.soldAt)}</td>
                      <td className="max-w-[16rem] py-1.5 pr-2">{sale.lines}</td>
                      <td className="py-1.5 pr-2">{t(`marketSales.methods.${sale.method}`)}</td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{kr(sale.paid)}</td>
                      <td className="py-1.5 text-right tabular-nums">
                        {sale.refunded === "0.00" ? "" : `−${kr(sale.refunded)}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">{t("marketSales.report.notCashRegister")}</p>
    </article>
  );
}
