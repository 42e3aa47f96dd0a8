import { type DayReport, osloDateTime } from "../../../shared/day-report";
import { translateShared } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import { csvField, decimalComma } from "../../../shared/sales-report";

/** Excel takes a file as UTF-8 only when it starts with the byte order mark (decision 0036). */
const BOM = "\uFEFF";

/** The report's figures as label and amount, in the order the screen and the PDF show them. */
export function dayReportFigures(report: DayReport, language: Language): [string, string][] {
  const text = (key: string, params = {}) => translateShared(language, `dayReport.${key}`, params);
  const money = (amount: string) => decimalComma(amount);
  const figures: [string, string][] = [
    [text("salesCount"), String(report.salesCount)],
    [text("subtotal"), money(report.subtotal)],
    [text("discounts"), money(report.discounts)],
    [text("sold"), money(report.sold)],
    ...report.byMethod.map((entry): [string, string] => [
      text("paidBy", { method: text(`methods.${entry.method}`), count: entry.count }),
      money(entry.amount),
    ]),
    [text("giftCardsSpent"), money(report.giftCardsSpent)],
    [text("giftCardsSold"), money(report.giftCardsSold)],
    ...report.vat.map((line): [string, string] => [text("vat", { rate: line.rate }), money(line.amount)]),
    [text("refundsCount"), String(report.refunds.count)],
    [text("refundsAmount"), money(report.refunds.amount)],
    ...report.refunds.byMethod.map((entry): [string, string] => [
      text("refundedBy", { method: text(`refundMethods.${entry.method}`) }),
      money(entry.amount),
    ]),
    [text("refundsGiftCard"), money(report.refunds.giftCard)],
    ...report.refunds.vat.map((line): [string, string] => [
      text("refundVat", { rate: line.rate }),
      money(line.amount),
    ]),
    [text("net"), money(report.net)],
    ...report.netVat.map((line): [string, string] => [
      text("netVat", { rate: line.rate }),
      money(line.amount),
    ]),
  ];
  if (report.cash.opening !== null) figures.push([text("openingCash"), money(report.cash.opening)]);
  figures.push(
    [text("cashSales"), money(report.cash.sales)],
    [text("cashRefunds"), money(report.cash.refunds)],
    [text("expectedCash"), money(report.cash.expected)],
    [text("countedCash"), report.cash.counted === null ? text("notCounted") : money(report.cash.counted)],
    [text("difference"), report.cash.difference === null ? "" : money(report.cash.difference)],
  );
  return figures;
}

/** The heading of the sales list and one row per sale, as the CSV and the PDF list them. */
export function dayReportSaleTable(report: DayReport, language: Language) {
  const text = (key: string) => translateShared(language, `dayReport.${key}`);
  const header = [
    text("receipt"),
    text("time"),
    text("method"),
    text("lines"),
    text("subtotalShort"),
    text("discount"),
    text("giftCardSpent"),
    text("paid"),
    text("refunded"),
  ];
  const rows = report.sales.map((sale) => [
    sale.receiptNumber === null ? "" : String(sale.receiptNumber),
    osloDateTime(sale.soldAt),
    text(`methods.${sale.method}`),
    sale.lines,
    decimalComma(sale.subtotal),
    decimalComma(sale.discount),
    decimalComma(sale.giftCardSpent),
    decimalComma(sale.paid),
    decimalComma(sale.refunded),
  ]);
  return { header, rows };
}

/** The title line: the store, its legal name and org number, and the day or market. */
export function dayReportTitle(report: DayReport, language: Language): string {
  const text = (key: string, params = {}) => translateShared(language, `dayReport.${key}`, params);
  return report.session
    ? text("titleMarket", {
        name: report.session.name,
        date: osloDateTime(report.session.openedAt).slice(0, 10),
      })
    : text("titleDay", { date: report.date ?? "" });
}

/**
 * The report as the accountant's CSV (Norwegian Excel's dialect, as the monthly sales CSV, decision
 * 0036): the store and the period, the figures as label;amount, a blank line, then one row per sale.
 */
export function dayReportCsv(report: DayReport, language: Language): string {
  const text = (key: string) => translateShared(language, `dayReport.${key}`);
  const { header, rows } = dayReportSaleTable(report, language);
  const identity = [
    report.legalName ?? report.storeName,
    report.orgNumber ? `${text("orgNumber")} ${report.orgNumber}` : "",
  ];
  const lines: string[][] = [
    [dayReportTitle(report, language)],
    identity.filter(Boolean),
    [],
    ...dayReportFigures(report, language),
    [],
    header,
    ...rows,
  ];
  return `${BOM}${lines.map((fields) => `${fields.map(csvField).join(";")}\r\n`).join("")}`;
}
