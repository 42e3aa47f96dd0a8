import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type DayReport, osloDateTime } from "../../../shared/day-report";
import { translateShared } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import { dayReportFigures, dayReportSaleTable, dayReportTitle } from "./day-report-csv";

/**
 * The day report as an A4 PDF to print or keep (issue 30): the store's legal name and org number, the
 * period, the figures, and the sales. pdf-lib's standard Helvetica is WinAnsi-encoded, which has æ, ø, å
 * and the other Nordic letters, so no font file is embedded; a character outside WinAnsi (a seller's
 * emoji in a product title) is shown as "?" rather than failing the whole report.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.82, 0.82, 0.86);

/** Text the font can draw: typographic minus to hyphen, anything else outside its encoding to "?". */
function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const char of text.replaceAll("\u2212", "-").replaceAll("\u202f", " ").replaceAll("\u00a0", " ")) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** The text cut with an ellipsis to fit `width` points. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  const safe = drawable(font, text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` points more, or a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(
    value: string,
    x: number,
    options: { size?: number; bold?: boolean; color?: typeof INK; width?: number; right?: boolean } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    // Text left-aligned at x may run to the right margin; right-aligned at x, back to the left one.
    const room = options.width ?? (options.right ? x - MARGIN : A4[0] - MARGIN - x);
    const shown = fitted(font, value, size, room);
    const at = options.right ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: at, y: this.y, size, font, color: options.color ?? INK });
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 4 },
      end: { x: A4[0] - MARGIN, y: this.y + 4 },
      thickness: 0.5,
      color: RULE,
    });
  }
}

export async function dayReportPdf(
  report: DayReport,
  language: Language,
  now = new Date(),
): Promise<Uint8Array> {
  const text = (key: string, params = {}) => translateShared(language, `dayReport.${key}`, params);
  const doc = await PDFDocument.create();
  doc.setTitle(dayReportTitle(report, language));
  doc.setProducer("Torg");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const right = A4[0] - MARGIN;

  w.text(dayReportTitle(report, language), MARGIN, { size: 16, bold: true });
  w.y -= 20;
  w.text(report.legalName ?? report.storeName, MARGIN, { size: 11 });
  if (report.orgNumber) {
    w.y -= 14;
    w.text(`${text("orgNumber")} ${report.orgNumber}`, MARGIN, { color: MUTED });
  }
  w.y -= 28;

  w.text(text("figures"), MARGIN, { size: 12, bold: true });
  w.y -= 18;
  for (const [label, value] of dayReportFigures(report, language)) {
    w.need(16);
    w.text(label, MARGIN, { width: 330 });
    w.text(value, right, { right: true, bold: true });
    w.y -= 4;
    w.rule();
    w.y -= 12;
  }

  w.y -= 16;
  w.need(40);
  w.text(text("sales"), MARGIN, { size: 12, bold: true });
  w.y -= 18;
  const { header, rows } = dayReportSaleTable(report, language);
  // Receipt, time, method, lines, then the amounts paid and refunded at the right edge.
  const columns = [
    { at: MARGIN, width: 52, field: 0 },
    { at: MARGIN + 56, width: 74, field: 1 },
    { at: MARGIN + 134, width: 80, field: 2 },
    { at: MARGIN + 218, width: 150, field: 3 },
  ];
  const amounts = [
    { at: right - 64, field: 7 },
    { at: right, field: 8 },
  ];
  const drawRow = (fields: string[], bold: boolean) => {
    w.need(16);
    for (const column of columns)
      w.text(fields[column.field] ?? "", column.at, { size: 9, bold, width: column.width });
    for (const amount of amounts)
      w.text(fields[amount.field] ?? "", amount.at, { size: 9, bold, right: true, width: 60 });
    w.y -= 4;
    w.rule();
    w.y -= 12;
  };
  drawRow(header, true);
  if (rows.length === 0) {
    w.text(text("noSales"), MARGIN, { color: MUTED });
    w.y -= 16;
  }
  for (const row of rows) drawRow(row, false);

  w.y -= 16;
  w.need(20);
  w.text(text("footer", { time: osloDateTime(now.toISOString()) }), MARGIN, { size: 8, color: MUTED });
  return doc.save();
}
