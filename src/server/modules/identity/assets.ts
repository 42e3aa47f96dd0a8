import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import sharp, { type OverlayOptions } from "sharp";
import { AA_LARGE, type BrandAsset, contrastRatio, onColor } from "../../../shared/brand";
import type { BrandAssets } from "../../../shared/identity";
import { BRAND_FOLDER, type FileStorage } from "../../adapters/storage";
import { deleteStoredImage, prepareImage, storageKeysOf, storeImageVariants } from "../images";

/**
 * The shop's logo and what is made from it (decision 0080). Every file is our own re-encoding in
 * brand/, named `{store id}-{kind}-{uuid}`: the store's id in the name is how a save knows the upload
 * is this store's own (no other store can name it), the uuid makes each name new, so the year-long
 * cache of /uploads/ never shows an old logo.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const brandKey = (storeId: string, kind: string, extension: "png" | "jpg") =>
  `${BRAND_FOLDER}${storeId}-${kind}-${randomUUID()}.${extension}`;

const urlOf = (key: string) => `/uploads/${key}`;
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

/** The storage key of a logo this store uploaded through its logo route, or null for any other URL. */
export function ownLogoKey(storeId: string, url: string): string | null {
  const pattern = new RegExp(`^/uploads/(${BRAND_FOLDER}${storeId}-logo-${UUID}\\.png)$`);
  return pattern.exec(url)?.[1] ?? null;
}

/** The largest width's key of an about photo this store uploaded, or null for any other URL. */
export function ownAboutPhotoKey(storeId: string, url: string): string | null {
  const pattern = new RegExp(`^/uploads/(${BRAND_FOLDER}${storeId}-about-${UUID}-1600\\.webp)$`);
  return pattern.exec(url)?.[1] ?? null;
}

/**
 * An uploaded logo, checked as product photos are (type sniffed, size and pixel limits, upright,
 * metadata left behind), trimmed of a uniform border (the white paper round a scanned logo), and kept
 * as PNG: lossless for flat colours and sharp edges, with its transparency, and shown by every e-mail
 * client (WebP is not). Returns its /uploads/ URL; nothing is saved to the store.
 */
export async function storeLogo(
  storage: FileStorage,
  storeId: string,
  file: { buffer: Buffer; filename?: string },
): Promise<string> {
  const prepared = await prepareImage(file.buffer, { fileName: file.filename });
  const { width, height, channels } = prepared.info;
  const body = await sharp(prepared.pixels, { raw: { width, height, channels } })
    .trim({ threshold: 12 })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  const key = brandKey(storeId, "logo", "png");
  await storage.put(key, body, "image/png");
  return urlOf(key);
}

/** A photo for the about page, through the product photos' pipeline (every width, WebP). */
export async function storeAboutPhoto(
  storage: FileStorage,
  storeId: string,
  file: { buffer: Buffer; filename?: string },
): Promise<string> {
  const prepared = await prepareImage(file.buffer, { fileName: file.filename });
  const stored = await storeImageVariants(
    storage,
    prepared,
    BRAND_FOLDER.slice(0, -1),
    2,
    `${storeId}-about-`,
  );
  return stored.url;
}

export async function readStored(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  if (Buffer.isBuffer(file.body)) return file.body;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = "#ffffff";

/**
 * The background the icons are drawn on: white or the brand colour, whichever more of the logo's
 * visible pixels stand out on (3:1, WCAG's contrast for graphics). A tab strip is light or dark as the
 * shopper's system is, so a transparent favicon of a dark logo vanishes in a dark tab (and iOS fills a
 * transparent home-screen icon with black): a solid tile is seen on both, and the choice keeps a white
 * or brand-coloured logo from vanishing on a tile of its own colour. White wins a tie: most logos are
 * drawn for paper.
 */
export async function iconBackground(logo: Buffer, brandColor: string): Promise<string> {
  const { data, info } = await sharp(logo)
    .resize({ width: 64, height: 64, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let onWhite = 0;
  let onBrand = 0;
  for (let at = 0; at < info.width * info.height * 4; at += 4) {
    if ((data[at + 3] ?? 0) < 128) continue;
    const hex = `#${[0, 1, 2].map((c) => (data[at + c] ?? 0).toString(16).padStart(2, "0")).join("")}`;
    if (contrastRatio(hex, WHITE) >= AA_LARGE) onWhite += 1;
    if (contrastRatio(hex, brandColor) >= AA_LARGE) onBrand += 1;
  }
  return onBrand > onWhite ? brandColor : WHITE;
}

/** The logo within `inner` pixels, centred on a `size` square of `background` (or transparent). */
async function onSquare(logo: Buffer, size: number, inner: number, background?: string) {
  const fitted = await sharp(logo).resize({ width: inner, height: inner, fit: "inside" }).png().toBuffer();
  return sharp({
    create: { width: size, height: size, channels: 4, background: background ?? TRANSPARENT },
  })
    .composite([{ input: fitted, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

/**
 * The store's name as the card shows it: one line, shortened with an ellipsis past 40 characters, in
 * the size that fits the card's width (DejaVu Sans Bold is about 0.64 em a character), 64 px at most.
 */
function cardName(name: string): { line: string; size: number } {
  const whole = name.replace(/\s+/g, " ").trim();
  const line = whole.length > 40 ? `${whole.slice(0, 39).trimEnd()}…` : whole;
  return { line, size: Math.max(36, Math.min(64, Math.floor(1060 / (0.64 * line.length)))) };
}

export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * The 1200×630 card link previews show (Open Graph): the wide logo centred on the brand colour, the
 * store's name under it in the colour that reads on the brand colour. The name is drawn from an SVG in
 * DejaVu Sans, a face installed on the server (fontconfig finds it; nothing is fetched). A logo that
 * would not stand out on the brand colour sits on a white panel.
 */
async function socialCard(logo: Buffer, brandColor: string, name: string, logoBackground: string) {
  const { width, height } = SOCIAL_CARD;
  const fitted = await sharp(logo)
    .resize({ width: 880, height: 280, fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  const layers: OverlayOptions[] = [];
  const logoTop = 70 + Math.round((320 - fitted.info.height) / 2);
  const logoLeft = Math.round((width - fitted.info.width) / 2);
  if (logoBackground !== brandColor) {
    const pad = 28;
    const panel = `<svg xmlns="http://www.w3.org/2000/svg" width="${fitted.info.width + 2 * pad}" height="${fitted.info.height + 2 * pad}"><rect width="100%" height="100%" rx="24" fill="${logoBackground}"/></svg>`;
    layers.push({ input: Buffer.from(panel), top: logoTop - pad, left: logoLeft - pad });
  }
  layers.push({ input: fitted.data, top: logoTop, left: logoLeft });
  const { line, size } = cardName(name);
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width / 2}" y="${height - 90}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="${onColor(brandColor)}">${escapeXml(line)}</text></svg>`;
  layers.push({ input: Buffer.from(text), top: 0, left: 0 });
  return sharp({ create: { width, height, channels: 3, background: brandColor } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** What each asset is made from: the logo alone, or the logo with the colour (and, for the card, the name). */
export const COLOUR_ASSETS: BrandAsset[] = ["favicon32", "icon180", "socialCard"];
export const ALL_ASSETS: BrandAsset[] = ["logoSquare", "logoWide", ...COLOUR_ASSETS];

/**
 * Makes the named assets from the logo and stores them; returns their URLs. All or nothing: a failure
 * deletes what was already stored.
 */
export async function makeBrandAssets(
  storage: FileStorage,
  storeId: string,
  logo: Buffer,
  look: { brandColor: string; name: string },
  which: BrandAsset[],
): Promise<Partial<BrandAssets>> {
  const background = which.some((asset) => COLOUR_ASSETS.includes(asset))
    ? await iconBackground(logo, look.brandColor)
    : WHITE;
  const make: Record<BrandAsset, () => Promise<{ body: Buffer; kind: string }>> = {
    logoSquare: async () => ({ body: await onSquare(logo, 512, 464), kind: "square" }),
    logoWide: async () => ({
      body: await sharp(logo)
        .resize({ width: 1200, height: 400, fit: "inside", withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      kind: "wide",
    }),
    favicon32: async () => ({ body: await onSquare(logo, 32, 28, background), kind: "favicon32" }),
    icon180: async () => ({ body: await onSquare(logo, 180, 148, background), kind: "icon180" }),
    socialCard: async () => ({
      body: await socialCard(logo, look.brandColor, look.name, background),
      kind: "card",
    }),
  };
  const made = await Promise.all(which.map(async (asset) => ({ asset, ...(await make[asset]()) })));
  const stored: string[] = [];
  const urls: Partial<BrandAssets> = {};
  try {
    for (const file of made) {
      const key = brandKey(storeId, file.kind, "png");
      await storage.put(key, file.body, "image/png");
      stored.push(key);
      urls[file.asset] = urlOf(key);
    }
  } catch (error) {
    await deleteStoredImage(storage, stored);
    throw error;
  }
  return urls;
}

/** The storage keys behind brand files' URLs: a single file each, or every width of an about photo. */
export function brandKeysOf(urls: (string | null | undefined)[]): string[] {
  return urls.flatMap((url) => {
    if (!url?.startsWith(`/uploads/${BRAND_FOLDER}`)) return [];
    const widths = storageKeysOf(url);
    return widths.length > 0 ? widths : [keyOf(url)];
  });
}
