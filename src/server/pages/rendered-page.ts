import { brandCssVariables, type ShopBrand } from "../../shared/brand";
import type { Language } from "../../shared/preferences";
import { escapeHtml } from "../lib/escape";
import { PAGE_STATE_ELEMENT_ID } from "./render";

/** The <head> texts of a page; `share` adds the preview a link pasted into Messenger or Finn.no shows. */
export interface PageMeta {
  title: string;
  description: string;
  share?: { url: string; image?: string };
  /** A page for one reader (the shopper's order page): search engines must not keep it. */
  noindex?: boolean;
  /** schema.org structured data (src/server/modules/seo/structured-data.ts; decision 0039). */
  structuredData?: object;
  /**
   * The shop's own look (decision 0080): its colours and faces as CSS custom properties, its favicons
   * in place of Torg's, and its colour as the browser's theme colour.
   */
  brand?: ShopBrand;
}

/** The <head> tags of a shop's look: the custom properties shop.css reads, its icons, its theme colour. */
export function brandHeadTags(brand: ShopBrand): string {
  const variables = Object.entries(brandCssVariables(brand))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return [
    // The values are a hex colour and fixed font names (shared/brand.ts), never a seller's text.
    `<style>:root{${variables}}</style>`,
    `<meta name="theme-color" content="${escapeHtml(brand.brandColor)}">`,
    ...(brand.favicon32
      ? [`<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(brand.favicon32)}">`]
      : []),
    ...(brand.icon180
      ? [`<link rel="apple-touch-icon" sizes="180x180" href="${escapeHtml(brand.icon180)}">`]
      : []),
  ].join("\n    ");
}

/**
 * JSON as the text of a script element: every "<" written as \u003c, so nothing a seller typed
 * ("</script>", "<!--") can end the element early or open a comment in it.
 */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/** What a page's head says of it: its title, its description, and the tags of a page worth sharing. */
function headTags(meta: PageMeta) {
  const description = escapeHtml(meta.description.slice(0, 300));
  const share = meta.share
    ? [
        `<meta property="og:type" content="website">`,
        `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
        `<meta property="og:description" content="${description}">`,
        `<meta property="og:url" content="${escapeHtml(meta.share.url)}">`,
        ...(meta.share.image ? [`<meta property="og:image" content="${escapeHtml(meta.share.image)}">`] : []),
        `<meta name="twitter:card" content="${meta.share.image ? "summary_large_image" : "summary"}">`,
        `<link rel="canonical" href="${escapeHtml(meta.share.url)}">`,
        // A data block, not a script: the Content-Security-Policy does not apply to it (decision 0039).
        ...(meta.structuredData
          ? [`<script type="application/ld+json">${scriptJson(meta.structuredData)}</script>`]
          : []),
      ].join("\n    ")
    : meta.noindex
      ? `<meta name="robots" content="noindex, nofollow">`
      : "";
  return {
    title: `<title>${escapeHtml(meta.title)}</title>`,
    description: `<meta name="description" content="${description}">`,
    share: meta.brand ? [brandHeadTags(meta.brand), share].filter(Boolean).join("\n    ") : share,
  };
}

/**
 * The places of a template that fillPageTemplate fills, found in one pass: the template holds the
 * page's inline stylesheet (decision 0044), and a pass per place copied and scanned all of it seven
 * times for every page rendered. Each is filled where it first appears, as String.replace of one
 * occurrence did; the HTML filled in is never searched again.
 */
const TEMPLATE_PLACES =
  /<html lang="[^"]*"|<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"\s*\/?>|<meta name="theme-color"[^>]*>|<title>[^<]*<\/title>|<meta name="description" content="[^"]*"\s*\/?>|<\/head>|<!--page-state-->|<!--page-html-->/g;

/**
 * A server-rendered page: the template (shop.html, account.html) with its language, head texts, the
 * HTML React rendered into #root, and the state the browser takes the page over from.
 */
export function fillPageTemplate(
  template: string,
  page: {
    language: Language;
    meta: PageMeta;
    state: unknown;
    html: string;
    /** A JSON file the page's script fetches before it takes the page over, asked for with the page. */
    preloadJson?: string;
  },
): string {
  const head = headTags(page.meta);
  // crossorigin: a preload is used only by a fetch of the same mode, and fetch() asks in CORS mode.
  const preload = page.preloadJson
    ? `<link rel="preload" href="${escapeHtml(page.preloadJson)}" as="fetch" crossorigin="anonymous">\n  `
    : "";
  const filled = new Set<string>();
  // A replacer function, never a replacement string: a seller's "$'" or "$&" must stay text.
  return template.replace(TEMPLATE_PLACES, (place) => {
    // Torg's icon and theme colours give way to the shop's own (brandHeadTags), each where it stood.
    if (place.startsWith('<link rel="icon"')) return page.meta.brand?.favicon32 ? "" : place;
    if (place.startsWith('<meta name="theme-color"')) return page.meta.brand ? "" : place;
    const kind = place.startsWith("<html")
      ? "language"
      : place.startsWith("<title>")
        ? "title"
        : place.startsWith("<meta")
          ? "description"
          : place;
    if (filled.has(kind)) return place;
    filled.add(kind);
    switch (kind) {
      case "language":
        return `<html lang="${page.language}"`;
      case "title":
        return head.title;
      case "description":
        return head.description;
      case "</head>":
        return `    ${head.share}\n  ${preload}</head>`;
      case "<!--page-state-->":
        return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`;
      default:
        return page.html;
    }
  });
}
