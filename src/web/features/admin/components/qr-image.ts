import type { QrCodeView } from "../../../../shared/qr";

/**
 * The code's image (PNG unless `format` says svg). The server lets browsers keep an image for five
 * minutes, so `v` changes with every edit: a new store name under the code shows at once.
 */
export function qrImageUrl(
  qr: Pick<QrCodeView, "imageUrl" | "updatedAt">,
  options: { size?: number; format?: "svg" } = {},
): string {
  const params = new URLSearchParams();
  if (options.size) params.set("size", String(options.size));
  if (options.format) params.set("format", options.format);
  params.set("v", qr.updatedAt);
  return `${qr.imageUrl}?${params}`;
}

/** Print size: big enough for a market-stall sign, small enough for one A4 page. */
const PRINT_SIZE = 500;

const PRINT_STYLE = `
  @page { margin: 15mm; }
  html, body { margin: 0; background: #fff; color: #111; }
  body { min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; }
  figure { margin: 0; display: grid; justify-items: center; gap: 12px; }
  img { width: min(${PRINT_SIZE}px, 90vw); height: auto; }
  figcaption { font: 600 14px ui-monospace, monospace; letter-spacing: 0.02em; }
`;

/**
 * Opens a window holding only the 500 px image and its code, and prints it once the image is in.
 * False when the browser blocked the window.
 */
export function openPrintView(qr: QrCodeView, title: string): boolean {
  const popup = window.open("", "_blank", "popup,width=640,height=760");
  if (!popup) return false;
  const page = popup.document;
  page.title = title;
  const style = page.createElement("style");
  style.textContent = PRINT_STYLE;
  page.head.append(style);
  const figure = page.createElement("figure");
  const image = page.createElement("img");
  image.alt = title;
  image.addEventListener(
    "load",
    () => {
      popup.focus();
      popup.print();
    },
    { once: true },
  );
  // The blank window has no address of its own to resolve a relative one against.
  image.src = new URL(qrImageUrl(qr, { size: PRINT_SIZE }), window.location.origin).href;
  const caption = page.createElement("figcaption");
  caption.textContent = qr.code;
  figure.append(image, caption);
  page.body.append(figure);
  return true;
}
