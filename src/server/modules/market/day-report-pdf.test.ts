import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildDayReport } from "../../../shared/day-report";
import { dayReportPdf } from "./day-report-pdf";

/** The strings a PDF of pdf-lib's standard fonts draws (hex strings in its content streams, WinAnsi). */
function drawnTexts(pdf: Uint8Array): string[] {
  const body = Buffer.from(pdf).toString("latin1");
  const texts: string[] = [];
  for (const match of body.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = Buffer.from(match[1] ?? "", "latin1");
    try {
      content = inflateSync(content);
    } catch {
      // Not compressed: read as it is.
    }
    for (const hex of content.toString("latin1").matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      texts.push(new TextDecoder("windows-1252").decode(Buffer.from(hex[1] ?? "", "hex")));
  }
  return texts;
}

describe("the day report's PDF (issue 30)", () => {
  it("draws the store, Norwegian letters and every figure whole, the amounts at the right edge", async () => {
    const report = buildDayReport({
      store: { id: "st", name: "Vev", legalName: "Smørbukk og Ærlig AS", orgNumber: "923609016" },
      date: null,
      session: {
        id: "m",
        name: "Julemarked på Tjuvholmen",
        openedAt: "2026-12-05T08:00:00Z",
        closedAt: "2026-12-05T16:00:00Z",
        openingCashOre: 50_000,
        countedCashOre: 149_000,
      },
      sales: [
        {
          id: "s1",
          receiptNumber: 41,
          soldAt: "2026-12-05T10:15:00Z",
          method: "cash",
          subtotalOre: 100_000,
          discountOre: 0,
          giftCardSpentOre: 0,
          giftCardSoldOre: 0,
          paidOre: 100_000,
          vat: [{ rate: 25, amountOre: 20_000 }],
          refundedOre: 0,
          lines: "2 × Krus 🏺",
        },
      ],
      refunds: [],
    });
    const texts = drawnTexts(await dayReportPdf(report, "nb", new Date("2026-12-05T17:00:00Z")));
    expect(texts).toEqual(
      expect.arrayContaining([
        "Markedsrapport: Julemarked på Tjuvholmen (2026-12-05)",
        "Smørbukk og Ærlig AS",
        "Org.nr. 923609016",
        "Forventet kontantbeholdning",
        "1500,00",
        "Differanse (opptalt - forventet)",
        "-10,00",
        "41",
        "2026-12-05 11:15",
        // An emoji is outside the standard font's letters: a question mark, not a failed report.
        "2 × Krus ?",
        "1000,00",
      ]),
    );
    expect(texts.filter((text) => text.endsWith("…"))).toEqual([]);
  });
});
