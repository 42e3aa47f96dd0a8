import { VAT_RATES } from "./vat";
import { z } from "./zod";

/**
 * GET /api/stores/{id}/sales-report?month=YYYY-MM (decision 0036): one CSV row per order placed in that
 * Oslo calendar month, for the accountant. Norwegian Excel's dialect: UTF-8 with a byte order mark, `;`
 * between fields, a decimal comma, CRLF line ends.
 */
export const salesReportQuerySchema = z.object({
  month: z
    .string("errors.monthInvalid")
    .regex(/^(20\d\d|2[1-9]\d\d)-(0[1-9]|1[0-2])$/, "errors.monthInvalid"),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** The rates that always have a column, so every month's file has the same columns for an import. */
export const SALES_REPORT_VAT_RATES = VAT_RATES;

/** "1234.50" → "1234,50": the decimal comma, no thousands separator (an import reads it as a number). */
export function decimalComma(amount: string): string {
  return amount.replace(".", ",");
}

/** A field as CSV needs it: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
