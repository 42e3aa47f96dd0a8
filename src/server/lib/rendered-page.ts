import type { Language } from "../../shared/preferences";
import { PAGE_STATE_ELEMENT_ID } from "../pages/render";

/** The <head> texts of a page; `share` adds the preview a link pasted into Messenger or Finn.no shows. */
export interface PageMeta {
  title: string;
  description: string;
  share?: { url: string; image?: string };
  /** A page for one reader (the shopper's order page): search engines must not keep it. */
  noindex?: boolean;
  /** schema.org structured data (src/server/modules/seo/structured-data.ts; decision 0039). */
  structuredData?: object;
}

/**
 * JSON as the text of a script element: every "<" written as \u003c, so nothing a seller typed
 * ("</script>", "<!--") can end the element early or open a comment in it.
 */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Title, description and, for a page worth sharing, Open Graph tags and the canonical address. */
function injectPageMeta(html: string, meta: PageMeta): string {
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
  // Replacer functions, never replacement strings: a seller's "$'" or "$&" must stay text.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}">`,
    )
    .replace("</head>", () => `    ${share}\n  </head>`);
}

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
  const stateScript = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`;
  // crossorigin: a preload is used only by a fetch of the same mode, and fetch() asks in CORS mode.
  const preload = page.preloadJson
    ? `<link rel="preload" href="${escapeHtml(page.preloadJson)}" as="fetch" crossorigin="anonymous">\n  `
    : "";
  return injectPageMeta(template, page.meta)
    .replace("</head>", () => `${preload}</head>`)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
    .replace("<!--page-state-->", () => stateScript)
    .replace("<!--page-html-->", () => page.html);
}
