/**
 * CSV as RFC 4180 writes it (comma-separated fields, CRLF between records, a field in double quotes
 * when it holds a comma, a quote or a line break, and a quote inside written twice), for Meta's catalogue
 * feed. Meta's "Reference - Catalog" (developers.facebook.com/docs/marketing-api/catalog/reference) asks
 * for the same: "The first row specifies the column header", "Fields containing whitespace or commas
 * should be enclosed in "double quotes". A double quote inside a double-quoted field must be escaped with
 * two consecutive double quotes." So a field with any whitespace is quoted too.
 *
 * Written here rather than taken from a package: Torg has no CSV package (package.json), the sales report's
 * `csvField` is Norwegian Excel's `;` dialect, and writing this dialect is these few lines.
 */
const NEEDS_QUOTES = /[",\s]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A whole file: the header row, then one record per row, each ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
