import { translateShared } from "../../../shared/i18n";
import { fixImageUrl, imageSrcSet, LEAD_IMAGE_SIZES, PLACEHOLDER_IMAGE } from "../../../shared/image-url";
import { LANGUAGES, type Language } from "../../../shared/preferences";
import type { Db } from "../../db/client";
import type { PreloadablePage } from "../../lib/page-preloads";
import { getProductView } from "../products/service";
import { isUuid } from "../stores/access";
import { getPublicStoreBySlug } from "./service";

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url: string;
  page: PreloadablePage;
  /** The API reads the page makes first, fetched by the browser while its code downloads. */
  data: string[];
  /** The page's first, largest picture, fetched before the code that draws it has run. */
  leadImage?: LeadImage;
}

interface LeadImage {
  href: string;
  srcset?: string;
  sizes: string;
}

/** The picture exactly as the client will ask for it (same URL, srcset and sizes), or none. */
function leadImage(url: string | null | undefined, origin: string, sizes: string): LeadImage | undefined {
  const href = fixImageUrl(url, origin);
  if (href === PLACEHOLDER_IMAGE) return undefined;
  return { href, srcset: imageSrcSet(href), sizes };
}

const languageOf = (locale: string): Language =>
  (LANGUAGES as readonly string[]).includes(locale) ? (locale as Language) : "en";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const absolute = (url: string | null | undefined, origin: string) =>
  !url
    ? undefined
    : url.startsWith("/uploads/")
      ? `${origin}${url}`
      : /^https:\/\//.test(url)
        ? url
        : undefined;

const STORE_PAGE = /^\/s\/([a-z0-9-]{1,60})\/?$/i;
const PRODUCT_PAGE = /^\/products\/([0-9a-f-]{36})\/?$/i;

/** Whether the path is one a shared link opens: a storefront or a product page. */
export const isSharedPagePath = (pathname: string) =>
  STORE_PAGE.test(pathname) || PRODUCT_PAGE.test(pathname);

/**
 * Title, description and preview image for the shareable public pages, so a link pasted into Messenger
 * or Finn.no shows the store; undefined for every other page.
 */
export async function pageMetaFor(db: Db, pathname: string, origin: string): Promise<PageMeta | undefined> {
  const storeMatch = STORE_PAGE.exec(pathname);
  if (storeMatch?.[1]) {
    const store = await getPublicStoreBySlug(db, storeMatch[1]).catch(() => undefined);
    if (!store) return undefined;
    return {
      title: store.seoTitle ?? `${store.name} | Torg`,
      description:
        store.seoDescription ??
        store.description ??
        translateShared(languageOf(store.defaultLocale), "pageMeta.metaDescription", { store: store.name }),
      image: absolute(store.heroImageUrl ?? store.fallbackHeroImage, origin),
      url: `${origin}/s/${store.slug}`,
      page: "storefront",
      data: [`/api/stores/slug/${store.slug}`, `/api/stores/${store.id}/products`],
      leadImage: leadImage(
        store.heroImageUrl || store.fallbackHeroImage,
        origin,
        LEAD_IMAGE_SIZES.storefrontHero,
      ),
    };
  }
  const productMatch = PRODUCT_PAGE.exec(pathname);
  if (productMatch?.[1] && isUuid(productMatch[1])) {
    const product = await getProductView(db, productMatch[1]);
    if (!product?.isActive) return undefined;
    return {
      title: `${product.seoMetaTitle ?? product.title} | ${product.store.name}`,
      description:
        product.seoMetaDesc ??
        product.blurb ??
        translateShared("en", "pageMeta.productMetaDescription", {
          title: product.title,
          store: product.store.name,
        }),
      image: absolute(product.primaryImage, origin),
      url: `${origin}/products/${product.id}`,
      page: "product",
      data: [`/api/products/${product.id}`, `/api/stores/slug/${product.store.slug}`],
      leadImage: leadImage(product.primaryImage, origin, LEAD_IMAGE_SIZES.productPage),
    };
  }
  return undefined;
}

function imagePreload({ href, srcset, sizes }: LeadImage) {
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high">`;
}

/**
 * Replaces the default <title> and description of index.html, adds Open Graph tags, and asks the
 * browser for the page's code, first API reads and first picture at once (`modules`: see pagePreloads). The data
 * preloads use credentials like the client's own fetches, so the browser reuses them.
 */
export function injectPageMeta(html: string, meta: PageMeta, modules: string[] = []): string {
  const description = escapeHtml(meta.description.slice(0, 300));
  const tags = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`] : []),
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}">`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    ...meta.data.map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`,
    ),
    ...(meta.leadImage ? [imagePreload(meta.leadImage)] : []),
  ].join("\n    ");
  // Replacer functions, never replacement strings: a seller's "$'" or "$&" must stay text.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}">`,
    )
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
