import QRCode from "qrcode";

/**
 * A receipt's address as a QR code the buyer scans from the seller's screen, drawn in the browser (it
 * works offline too, for a sale recorded before the network dropped): an SVG as a data URL, black on
 * white with a quiet zone, whatever the theme, so every phone camera reads it. Error correction M, as the
 * store QR codes the server draws (src/server/modules/qr/service.ts).
 */
export async function receiptQrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000", light: "#ffffff" },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The receipt's page as the buyer's phone must open it: absolute, on this site when the API gave a path. */
export function absoluteReceiptUrl(receiptUrl: string, origin: string): string {
  return new URL(receiptUrl, origin).toString();
}
