import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";

/**
 * The local Bring fake's shipping label: a real one-page PDF, the size of Bring's thermal labels
 * (about 107 × 190 mm), with what a parcel needs printed on it, so the seller's "print label" can be
 * tried without a Mybring account.
 */
export interface LabelContent {
  consignmentNumber: string;
  packageNumber: string;
  service: string;
  serviceName: string;
  sender: { name: string; addressLine: string; postalCode: string; city: string };
  recipient: { name: string; addressLine: string; postalCode: string; city: string };
  pickupPoint: { id: string; name: string; address: string; postalCode: string; city: string } | null;
  reference: string | null;
  weightInKg: number;
  test: boolean;
}

const MM = 72 / 25.4;
const WIDTH = 107 * MM;
const HEIGHT = 190 * MM;

/** The standard fonts write WinAnsi: Norwegian letters are in it, anything else becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?").slice(0, 60);

export async function labelPdf(content: LabelContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Bring label ${content.consignmentNumber}`);
  pdf.setProducer("Torg local Bring fake");
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 6 * MM;
  let y = HEIGHT - margin;

  const line = (text: string, size = 9, font: PDFFont = regular) => {
    y -= size + 3;
    page.drawText(printable(text), { x: margin, y, size, font, color: rgb(0, 0, 0) });
  };
  const rule = () => {
    y -= 6;
    page.drawLine({
      start: { x: margin, y },
      end: { x: WIDTH - margin, y },
      thickness: 1,
      color: rgb(0, 0, 0),
    });
  };

  line("Bring", 20, bold);
  line(`${content.service}  ${content.serviceName}`, 11, bold);
  if (content.test) line("TEST - not for shipping", 10, bold);
  rule();
  line("Fra / From", 7);
  line(content.sender.name, 9, bold);
  line(content.sender.addressLine);
  line(`${content.sender.postalCode} ${content.sender.city}`);
  rule();
  line("Til / To", 7);
  line(content.recipient.name, 12, bold);
  line(content.recipient.addressLine, 11);
  line(`${content.recipient.postalCode} ${content.recipient.city}`, 14, bold);
  if (content.pickupPoint) {
    rule();
    line("Hentested / Pick-up point", 7);
    line(content.pickupPoint.name, 11, bold);
    line(content.pickupPoint.address);
    line(`${content.pickupPoint.postalCode} ${content.pickupPoint.city}  (id ${content.pickupPoint.id})`);
  }
  rule();
  line(`Sending / Consignment: ${content.consignmentNumber}`, 9, bold);
  line(`Kolli / Package: ${content.packageNumber}`);
  line(`Vekt / Weight: ${content.weightInKg.toFixed(2)} kg`);
  if (content.reference) line(`Referanse / Reference: ${content.reference}`);

  // A barcode-like strip from the package number's digits (decorative: scanners are not the point here).
  const barTop = 12 * MM + 30 * MM;
  let x = margin;
  for (const digit of content.packageNumber.replace(/\D/g, "")) {
    const width = 0.8 + (Number(digit) % 4) * 0.6;
    page.drawRectangle({ x, y: 12 * MM, width, height: barTop - 12 * MM, color: rgb(0, 0, 0) });
    x += width + 1.6;
    if (x > WIDTH - margin - 4) break;
  }
  page.drawText(content.packageNumber, { x: margin, y: 7 * MM, size: 9, font: regular });
  return pdf.save();
}
