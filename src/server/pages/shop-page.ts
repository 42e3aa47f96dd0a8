import { eq } from "drizzle-orm";
import type { ShopAbout } from "../../shared/brand";
import {
  normalizeSearchText,
  SEARCH_TEXT_MAX_LENGTH,
  STOREFRONT_PAGE_SIZE,
  storefrontPageCount,
  storefrontPageHref,
} from "../../shared/catalogue-paging";
import { translate, translateShared } from "../../shared/i18n";
import { MAX_PAGE_OFFSET } from "../../shared/paging";
import type { Language } from "../../shared/preferences";
import { productUrl, shopOrigin, shopUrl } from "../../shared/shop-address";
import {
  type ShopFailureTexts,
  type ShopPage,
  type StorefrontListing,
  toStorefrontProduct,
} from "../../shared/storefront";
import type { Db } from "../db/client";
import { stores } from "../db/schema";
import { isUuid } from "../lib/guards";
import { HttpError } from "../lib/http-error";
import { languageOrEnglish } from "../lib/language";
import { absoluteUrl } from "../lib/origin";
import { getGiftCardSettings } from "../modules/gift-cards";
import { getReceiptByToken } from "../modules/market";
import { getPublicOrder } from "../modules/orders";
import { getProductWithStoreLocale, pageStoreProducts } from "../modules/products";
import { productStructuredData, storefrontStructuredData } from "../modules/seo";
import { getPublicStoreBySlug } from "../modules/storefront";
import { renderShopPage, type ShopPageState, type ShopState, shopCatalogue } from "./render";
import { fillPageTemplate, type PageMeta } from "./rendered-page";
import { type ShopTexts, shopTexts } from "./shop-texts";

interface Found {
  page: ShopPage;
  meta: PageMeta;
  /** The store's own language: what a visitor who never chose one reads the shop in. */
  storeLanguage: string;
}

/** The public store a slug names, or undefined for one that names none (the page's 404). */
function findPublicStore(db: Db, slug: string) {
  return getPublicStoreBySlug(db, slug).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  });
}

/** Which page of a storefront, and which search, a request asks for (decision 0040). */
export type StorefrontQuery = Omit<StorefrontListing, "total">;

/** The furthest page a storefront address may name: past the API's furthest offset nothing is read. */
const MAX_STOREFRONT_PAGE = Math.floor(MAX_PAGE_OFFSET / STOREFRONT_PAGE_SIZE) + 1;

/**
 * `?page=` and `?q=` of a storefront address: the page a whole number from 1, the search text
 * normalised and cut to the longest the search box takes. A page that is no page ("0", "2.5", "abc")
 * is page 0, which no store has: such an address is "not found", never a second copy of page 1.
 * "firstPage" for "?page=1" without a search, a second address of the store's own (redirected to it).
 * Other parameters (utm_source and the like) are ignored.
 */
export function storefrontQueryOf(query: unknown): StorefrontQuery | "firstPage" {
  const params = (query ?? {}) as Record<string, unknown>;
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const rawPage = first(params.page);
  const rawSearch = first(params.q);
  const q = normalizeSearchText(typeof rawSearch === "string" ? rawSearch : "").slice(
    0,
    SEARCH_TEXT_MAX_LENGTH,
  );
  if (rawPage === undefined) return { page: 1, q };
  const page = typeof rawPage === "string" && /^[1-9][0-9]{0,6}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page === 1 && !q) return "firstPage";
  return { page: page <= MAX_STOREFRONT_PAGE ? page : 0, q };
}

/**
 * One page of a store's active products, or a search of them; undefined (a 404) for a page past the
 * last, so search engines drop such addresses. A search result is never indexed.
 */
async function loadStorefront(
  db: Db,
  slug: string,
  { origin, platformOrigin }: Origins,
  query: StorefrontQuery,
): Promise<Found | undefined> {
  const store = await findPublicStore(db, slug);
  if (!store || query.page < 1) return undefined;
  const offset = (query.page - 1) * STOREFRONT_PAGE_SIZE;
  const { items: products, total } = await pageStoreProducts(db, store.id, {
    includeInactive: false,
    q: query.q,
    limit: STOREFRONT_PAGE_SIZE,
    offset,
  });
  if (query.page > storefrontPageCount(total)) return undefined;
  const { enabled: giftCards } = await getGiftCardSettings(db, store.id);
  // Its canonical address, and those of its products: on the store's own domain once it has one.
  const home = shopOrigin(store, platformOrigin);
  const url = `${home}${storefrontPageHref(store, query.page)}`;
  const description =
    store.seoDescription ??
    store.description ??
    translateShared(languageOrEnglish(store.defaultLocale), "pageMeta.metaDescription", {
      store: store.name,
    });
  const title = store.seoTitle ?? `${store.name} | Torg`;
  return {
    page: {
      origin,
      page: "storefront",
      store,
      products: products.map(toStorefrontProduct),
      listing: { ...query, total },
      giftCards,
    },
    storeLanguage: store.defaultLocale,
    meta: query.q
      ? { title, description, noindex: true }
      : {
          title,
          description,
          // The social card made from the logo is the shop's own picture for a shared link (decision 0080).
          share: {
            url,
            image: absoluteUrl(store.brand.socialCard ?? store.heroImageUrl ?? store.fallbackHeroImage, home),
          },
          structuredData: storefrontStructuredData(store, products, platformOrigin, {
            url,
            firstPosition: offset + 1,
          }),
        },
  };
}

/** The terms of sale, generated from the store's settings in the page's language as it renders. */
async function loadTermsPage(
  db: Db,
  slug: string,
  { origin, platformOrigin }: Origins,
): Promise<Found | undefined> {
  const store = await findPublicStore(db, slug);
  if (!store) return undefined;
  const language = languageOrEnglish(store.defaultLocale);
  const title = translateShared(language, "terms.title", { store: store.name });
  return {
    page: { origin, page: "terms", store },
    storeLanguage: store.defaultLocale,
    meta: {
      title,
      description: translateShared(language, "terms.intro", { store: store.name }),
      share: { url: shopUrl(store, platformOrigin, "/terms"), image: undefined },
    },
  };
}

/**
 * The store's about page (decision 0080): the maker's story from `stores.about`, or undefined (a 404)
 * for a store whose seller wrote none. Shared with the store's social card, the logo's 1200×630 crop.
 */
async function loadAboutPage(
  db: Db,
  slug: string,
  { origin, platformOrigin }: Origins,
): Promise<Found | undefined> {
  const store = await findPublicStore(db, slug);
  if (!store) return undefined;
  const [row] = await db.select({ about: stores.about }).from(stores).where(eq(stores.id, store.id));
  const saved = row?.about;
  if (!saved?.text) return undefined;
  const about: ShopAbout = {
    text: saved.text,
    imageUrl: saved.imageUrl ?? null,
    location: saved.location ?? null,
    links: saved.links ?? [],
  };
  const language = languageOrEnglish(store.defaultLocale);
  const catalogue = shopCatalogue(language);
  const params = { store: store.name };
  const image = store.brand.socialCard ?? about.imageUrl ?? store.heroImageUrl;
  return {
    page: { origin, page: "about", store, about },
    storeLanguage: store.defaultLocale,
    meta: {
      title: translate(language, catalogue, catalogue, "aboutPage.title", params),
      description:
        about.text.replace(/\s+/g, " ").slice(0, 160) ||
        translate(language, catalogue, catalogue, "aboutPage.metaDescription", params),
      share: { url: shopUrl(store, platformOrigin, "/about"), image: absoluteUrl(image, origin) },
    },
  };
}

/** The gift card page: the store's offer (off: only the balance check) for the form to offer. */
async function loadGiftCardPage(
  db: Db,
  slug: string,
  { origin, platformOrigin }: Origins,
): Promise<Found | undefined> {
  const store = await findPublicStore(db, slug);
  if (!store) return undefined;
  const settings = await getGiftCardSettings(db, store.id);
  const language = languageOrEnglish(store.defaultLocale);
  const catalogue = shopCatalogue(language);
  const title = translate(language, catalogue, catalogue, "giftCardPage.title", { store: store.name });
  return {
    page: { origin, page: "giftCard", store, settings },
    storeLanguage: store.defaultLocale,
    meta: {
      title,
      description: translate(language, catalogue, catalogue, "giftCardPage.intro", { store: store.name }),
      share: { url: shopUrl(store, platformOrigin, "/gift-card"), image: undefined },
    },
  };
}

async function loadProductPage(
  db: Db,
  id: string,
  { origin, platformOrigin, servedStoreId }: Origins,
): Promise<Found | undefined> {
  // One statement: the product's view and its store's language (decision 0042).
  const found = isUuid(id) ? await getProductWithStoreLocale(db, id) : undefined;
  if (!found?.view.isActive) return undefined;
  const { view: product, storeLocale } = found;
  // A store's own domain shows its own products only, never another store's (decision 0080).
  if (servedStoreId && product.store.id !== servedStoreId) return undefined;
  const store = await getPublicStoreBySlug(db, product.store.slug);
  const home = shopOrigin(store, platformOrigin);
  const generated = translateShared(languageOrEnglish(storeLocale), "pageMeta.productMetaDescription", {
    title: product.title,
    store: product.store.name,
  });
  return {
    page: { origin, page: "product", product, store },
    storeLanguage: storeLocale,
    meta: {
      title: `${product.seoMetaTitle ?? product.title} | ${product.store.name}`,
      description: product.seoMetaDesc ?? product.blurb ?? generated,
      share: {
        url: productUrl(store, platformOrigin, product.id),
        image: absoluteUrl(product.primaryImage, home),
      },
      // The product's own words describe it, as in the product feed (decision 0039).
      structuredData: productStructuredData(
        product,
        store,
        platformOrigin,
        product.blurb?.trim() || product.seoMetaDesc?.trim() || generated,
      ),
    },
  };
}

/**
 * The shopper's order page: the order its token opens, on its own store's address only (a token under
 * another store's slug is "not found", as a wrong token is). Never shared or indexed (decision 0026).
 */
async function loadOrderPage(
  db: Db,
  slug: string,
  token: string,
  { origin }: Origins,
): Promise<Found | undefined> {
  const order = await getPublicOrder(db, token).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  });
  if (!order || order.store.slug !== slug.toLowerCase()) return undefined;
  const store = await getPublicStoreBySlug(db, order.store.slug);
  const language = languageOrEnglish(order.store.locale);
  const catalogue = shopCatalogue(language);
  return {
    page: { origin, page: "order", order, token, store },
    storeLanguage: order.store.locale,
    meta: {
      title: translate(language, catalogue, catalogue, "orderPage.metaTitle", { store: order.store.name }),
      description: translate(language, catalogue, catalogue, "orderPage.title", { number: order.number }),
      noindex: true,
    },
  };
}

/**
 * A stall sale's or refund's receipt (decision 0077), opened by the secret in its address from the QR code
 * on the seller's screen, an SMS or an e-mail. One buyer's receipt: never shared or indexed.
 */
async function loadReceiptPage(
  db: Db,
  token: string,
  { origin, servedStoreId }: Origins,
): Promise<Found | undefined> {
  const found = await getReceiptByToken(db, token);
  if (!found) return undefined;
  const { receipt, storeLocale } = found;
  const store = await getPublicStoreBySlug(db, receipt.seller.storeSlug);
  // A store's own domain opens its own receipts only, as it shows its own products (decision 0080).
  if (servedStoreId && store.id !== servedStoreId) return undefined;
  const language = languageOrEnglish(storeLocale);
  const catalogue = shopCatalogue(language, { withOrderPage: false, withReceiptPage: true });
  const params = { number: receipt.number, store: receipt.seller.legalName || receipt.seller.storeName };
  return {
    page: { origin, page: "receipt", receipt, store },
    storeLanguage: storeLocale,
    meta: {
      title: translate(language, catalogue, catalogue, "marketReceipts.receiptPage.metaTitle", params),
      description: translate(language, catalogue, catalogue, "marketReceipts.receiptPage.number", params),
      noindex: true,
    },
  };
}

/** The template with the page rendered into it, and the state the browser takes it over from. */
function shopHtml(template: string, page: ShopState["page"], texts: ShopTexts, meta: PageMeta): string {
  const language = texts.language;
  return fillPageTemplate(template, {
    language,
    meta,
    // The state the browser takes the page over from: its texts by address (decision 0048).
    state: { page, language, texts: texts.url } satisfies ShopPageState,
    preloadJson: texts.url,
    html: renderShopPage({ page, language, catalogue: texts.catalogue }),
  });
}

/**
 * Which shop page a request asks for, from the parameters its route was matched with
 * (src/server/pages/routes.ts): the routes are the one place an address is read.
 */
export type ShopPageAddress =
  | { page: "storefront"; slug: string; query: StorefrontQuery }
  | { page: "terms"; slug: string }
  | { page: "about"; slug: string }
  | { page: "giftCard"; slug: string }
  | { page: "product"; id: string }
  | { page: "order"; slug: string; token: string }
  | { page: "receipt"; token: string };

/** Where a page is served and where the platform is (lib/origin.ts requestOrigins). */
interface Origins {
  /** The origin the request is served at: Torg's, or the store's own domain's. */
  origin: string;
  /** Torg's own origin, from which `shop-address` makes a store's links (its domain's, once it has one). */
  platformOrigin: string;
  /** On a store's own domain: that store, whose pages alone it serves. */
  servedStoreId?: string;
}

export interface ShopPageRequest extends Origins {
  address: ShopPageAddress;
  /** The visitor's own choice of language (the language cookie), which wins over the store's. */
  chosenLanguage: Language | undefined;
  /** The browser's language, for a page with no store to take one from. */
  browserLanguage: Language;
  /**
   * The browser's language only when Accept-Language names one of ours: a receipt is read on the buyer's
   * own phone (a visitor at the market), so it speaks the phone's language before the store's.
   */
  acceptedLanguage?: Language;
}

export interface RenderedShopPage {
  status: 200 | 404 | 503;
  html: string;
}

/** Whose texts a "not found" or "could not be loaded" page speaks with. */
const failureOf = ({ page }: ShopPageAddress): ShopFailureTexts =>
  page === "storefront" || page === "terms" || page === "giftCard" || page === "about"
    ? "storefront"
    : page === "order"
      ? "orderPage"
      : page === "receipt"
        ? "marketReceipts.receiptPage"
        : "productPage";

/** "Not found" (404) or "could not be loaded" (503), in the visitor's language. */
function failurePage(template: string, request: ShopPageRequest, status: 404 | 503): RenderedShopPage {
  const of = failureOf(request.address);
  const texts = shopTexts(request.chosenLanguage ?? request.browserLanguage, {
    withOrderPage: of === "orderPage",
    withReceiptPage: of === "marketReceipts.receiptPage",
  });
  const { language, catalogue } = texts;
  const text = (part: string) =>
    translate(language, catalogue, catalogue, `${of}.${status === 404 ? "notFound" : "loadFailed"}${part}`);
  const page: ShopState["page"] = {
    origin: request.origin,
    page: status === 404 ? "missing" : "unavailable",
    of,
  };
  const meta = {
    title: text("Title"),
    description: text("Text"),
    noindex: of === "orderPage" || of === "marketReceipts.receiptPage",
  };
  return { status, html: shopHtml(template, page, texts, meta) };
}

/** The page's data, or undefined for an address no page answers. */
function loadPage(db: Db, address: ShopPageAddress, origin: Origins): Promise<Found | undefined> {
  switch (address.page) {
    case "storefront":
      return loadStorefront(db, address.slug, origin, address.query);
    case "terms":
      return loadTermsPage(db, address.slug, origin);
    case "giftCard":
      return loadGiftCardPage(db, address.slug, origin);
    case "about":
      return loadAboutPage(db, address.slug, origin);
    case "product":
      return loadProductPage(db, address.id, origin);
    case "order":
      return loadOrderPage(db, address.slug, address.token, origin);
    case "receipt":
      return loadReceiptPage(db, address.token, origin);
  }
}

/**
 * A storefront, product, terms or order page rendered on the server, or its "not found" page. Throws
 * when the database fails: see `renderShopUnavailable`.
 */
export async function renderShop(
  db: Db,
  template: string,
  request: ShopPageRequest,
): Promise<RenderedShopPage> {
  const found = await loadPage(db, request.address, request);
  if (!found) return failurePage(template, request, 404);
  const language =
    request.chosenLanguage ??
    (found.page.page === "receipt" ? request.acceptedLanguage : undefined) ??
    languageOrEnglish(found.storeLanguage);
  const texts = shopTexts(language, {
    withOrderPage: found.page.page === "order",
    withReceiptPage: found.page.page === "receipt",
  });
  // Every page of a store is drawn in the store's own look (decision 0080).
  const meta = "store" in found.page ? { ...found.meta, brand: found.page.store.brand } : found.meta;
  return { status: 200, html: shopHtml(template, found.page, texts, meta) };
}

/** The page a shopper sees while the database is away: "could not be loaded", with a retry. */
export function renderShopUnavailable(template: string, request: ShopPageRequest): RenderedShopPage {
  return failurePage(template, request, 503);
}
