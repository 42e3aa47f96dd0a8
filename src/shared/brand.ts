import { DEFAULT_BRAND_COLOR } from "./brand-color";
import { z } from "./zod";

/**
 * How a shop page is drawn (decision 0080): the font pairings, the brand colour's contrast (WCAG) and
 * the look a page is rendered with. Kept apart from identity.ts, the seller's form, so the shop's
 * bundle carries none of the form's messages.
 */

/**
 * The font pairings a seller picks from: a heading face and a body face, each self-hosted from
 * @fontsource (no font is fetched from a CDN). "torg" is the look every shop had before: Inter alone.
 */
export const FONT_PAIRINGS = {
  torg: { heading: "Inter Variable", body: "Inter Variable" },
  classic: { heading: "Playfair Display", body: "Work Sans" },
  warm: { heading: "Fraunces", body: "Nunito" },
  editorial: { heading: "Lora", body: "DM Sans" },
  modern: { heading: "Space Grotesk", body: "DM Sans" },
  handmade: { heading: "Caveat", body: "Nunito" },
} as const;
export type FontPairing = keyof typeof FONT_PAIRINGS;
export const FONT_PAIRING_NAMES = Object.keys(FONT_PAIRINGS) as FontPairing[];
export const DEFAULT_FONT_PAIRING: FontPairing = "torg";

/** The colour a shop without its own is drawn in (brand-color.ts, kept apart for the shop's bundle). */
export { DEFAULT_BRAND_COLOR };

/** What a shop page needs of the look: no about text (that is the about page's own read). */
/** What is made from the logo (shared/identity.ts brandAssetsSchema). */
export type BrandAsset = "logoSquare" | "logoWide" | "favicon32" | "icon180" | "socialCard";

export const shopBrandSchema = z.object({
  logoWide: z.string().nullable(),
  logoSquare: z.string().nullable(),
  favicon32: z.string().nullable(),
  icon180: z.string().nullable(),
  socialCard: z.string().nullable(),
  brandColor: z.string(),
  /** The text colour drawn on the brand colour (buttons, the header band): white or near-black. */
  onBrandColor: z.string(),
  fontPairing: z.enum(FONT_PAIRING_NAMES),
  hasAbout: z.boolean(),
});
export type ShopBrand = z.infer<typeof shopBrandSchema>;

/**
 * The about page as shoppers read it (shared/identity.ts aboutSchema is the seller's form of it): the
 * maker's story, a photo, where they work, and their links (Instagram, Facebook, a web site).
 */
export interface ShopAbout {
  text: string;
  imageUrl: string | null;
  location: string | null;
  links: string[];
}

/** WCAG's relative luminance of an sRGB colour "#rrggbb". */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG AA: 4.5:1 for body text, 3:1 for large text and for the parts of a control one must see. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

const WHITE = "#ffffff";
const INK = "#111111";
/** The shop's page backgrounds, light and dark (theme.css --background). */
export const SHOP_BACKGROUNDS = { light: "#fbf9f4", dark: "#16120f" } as const;

/** The text colour with the better contrast on the brand colour. */
export const onColor = (brand: string) =>
  contrastRatio(brand, WHITE) >= contrastRatio(brand, INK) ? WHITE : INK;

export const contrastReportSchema = z.object({
  /** Button text on the brand colour. */
  onBrand: z.number(),
  /** The brand colour as links and accents on the light and the dark page. */
  onLight: z.number(),
  onDark: z.number(),
  /** Whether each passes AA for text (4.5:1). */
  readable: z.object({ onBrand: z.boolean(), onLight: z.boolean(), onDark: z.boolean() }),
});
export type ContrastReport = z.infer<typeof contrastReportSchema>;

/** How readable a brand colour is where the shop uses it: the settings warn about what fails AA. */
export function contrastReport(brand: string): ContrastReport {
  const round = (n: number) => Math.round(n * 100) / 100;
  const onBrand = round(contrastRatio(brand, onColor(brand)));
  const onLight = round(contrastRatio(brand, SHOP_BACKGROUNDS.light));
  const onDark = round(contrastRatio(brand, SHOP_BACKGROUNDS.dark));
  return {
    onBrand,
    onLight,
    onDark,
    readable: { onBrand: onBrand >= AA_TEXT, onLight: onLight >= AA_TEXT, onDark: onDark >= AA_TEXT },
  };
}

/** The look a shop page is drawn with, from the store's saved identity (defaults for what is not set). */
export function shopBrandOf(store: {
  brandAssets: Partial<Record<BrandAsset, string>> | null;
  brandColor: string | null;
  fontPairing: string | null;
  about: unknown;
}): ShopBrand {
  const assets = store.brandAssets ?? {};
  const brandColor = store.brandColor ?? DEFAULT_BRAND_COLOR;
  const fontPairing = FONT_PAIRING_NAMES.find((name) => name === store.fontPairing) ?? DEFAULT_FONT_PAIRING;
  return {
    logoWide: assets.logoWide ?? null,
    logoSquare: assets.logoSquare ?? null,
    favicon32: assets.favicon32 ?? null,
    icon180: assets.icon180 ?? null,
    socialCard: assets.socialCard ?? null,
    brandColor,
    onBrandColor: onColor(brandColor),
    fontPairing,
    hasAbout: store.about !== null && store.about !== undefined,
  };
}

/** A colour mixed toward `toward` by `share` (0–1), in sRGB: enough for nudging a shade, not for art. */
function mix(hex: string, toward: string, share: number): string {
  const channel = (color: string, at: number) => Number.parseInt(color.slice(at, at + 2), 16);
  return `#${[1, 3, 5]
    .map((at) => Math.round(channel(hex, at) * (1 - share) + channel(toward, at) * share))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * The brand colour as text on a background: itself when it reads there (AA, 4.5:1), else the nearest
 * shade toward ink (a light page) or white (a dark page) that does, so a pale brand colour still gives
 * readable links and prices. The seller is warned either way (contrastReport).
 */
export function readableOn(brand: string, background: string): string {
  const toward = relativeLuminance(background) > 0.5 ? "#000000" : "#ffffff";
  for (let share = 0; share <= 1; share += 0.05) {
    const shade = mix(brand, toward, share);
    if (contrastRatio(shade, background) >= AA_TEXT) return shade;
  }
  return toward;
}

/**
 * The CSS font stack of a pairing's face: the face, then the system's faces of the same kind. Inter keeps
 * the app's metric-matched stand-in (theme.css "Inter Fallback"), so its swap shifts no layout.
 */
const fontStack = (face: string) =>
  face === "Inter Variable"
    ? '"Inter Variable", "Inter Fallback", ui-sans-serif, system-ui, sans-serif'
    : `"${face}", ${face === "Caveat" ? "cursive" : /Playfair|Fraunces|Lora/.test(face) ? "serif" : "system-ui, sans-serif"}`;

/**
 * The CSS custom properties a shop page is drawn with (shop.css reads them), the same for the server's
 * page and the seller's live preview: `--brand` (bands, buttons), `--on-brand` (their text), the brand
 * colour as readable text on the light and dark page, and the pairing's heading and body faces.
 */
export function brandCssVariables(brand: Pick<ShopBrand, "brandColor" | "fontPairing">) {
  const fonts = FONT_PAIRINGS[brand.fontPairing];
  return {
    "--brand": brand.brandColor,
    "--on-brand": onColor(brand.brandColor),
    "--brand-text-light": readableOn(brand.brandColor, SHOP_BACKGROUNDS.light),
    "--brand-text-dark": readableOn(brand.brandColor, SHOP_BACKGROUNDS.dark),
    "--font-heading": fontStack(fonts.heading),
    "--font-body": fontStack(fonts.body),
  } as const;
}
