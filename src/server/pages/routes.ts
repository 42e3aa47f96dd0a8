import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorResponses, noBody, rawBody } from "../../shared/api";
import { translateError } from "../../shared/i18n";
import { safeNextPath } from "../../shared/next-path";
import { acceptLanguageTags, LANGUAGE_COOKIE, matchLanguage } from "../../shared/preferences";
import { isSlugShaped } from "../../shared/slug";
import type { AppDeps } from "../lib/deps";
import { languageOf, requestLanguage } from "../lib/language";
import { CachedBody, sendCached } from "../lib/micro-cache";
import { requestOrigins, shopDomainOf } from "../lib/origin";
import { resolveSession, SESSION_COOKIE } from "../modules/auth";
import { ACCOUNT_PAGES, type AccountPage, LINK_PAGES, renderAccount } from "./account-page";
import { isStoreIdShaped, MARKET_MANIFEST_PATH, marketManifest } from "./market-manifest";
import { readPageTemplates } from "./page-templates";
import {
  renderShop,
  renderShopUnavailable,
  type ShopPageAddress,
  type ShopPageRequest,
  storefrontQueryOf,
} from "./shop-page";
import { findShopTexts, SHOP_TEXTS_ROUTE } from "./shop-texts";

const HTML = "text/html; charset=utf-8";

/** The storefront and a store's terms of sale (decision 0036). */
const STORE_PATH = "/s/:slug";
const TERMS_PATH = "/s/:slug/terms";
/** A store's about page: the maker's story (decision 0080). */
const ABOUT_PATH = "/s/:slug/about";
/** A store's gift cards: buying one, and checking a balance (decision 0076). */
const GIFT_CARD_PATH = "/s/:slug/gift-card";
const PRODUCT_PATH = "/products/:id";
/** The shopper's order page (decision 0026). */
const ORDER_PATH = "/s/:slug/order/:token";
/** A stall sale's or refund's receipt (decision 0077). */
const RECEIPT_PATH = "/r/:token";
/** What a product page's id is made of; whether it names a product is for the product's read to say. */
const PRODUCT_ID_SHAPE = /^[0-9a-f-]{36}$/i;

/** Each page's address with and without a trailing slash, as the pages have always been linked both ways. */
const bothWays = (path: string) => [path, `${path}/`];

/** A page answers any visitor: HTML, a redirect for a signed-in visitor on login or sign-up, or 404. */
const pageSchema = {
  hide: true,
  response: {
    200: rawBody("The page, rendered on the server (text/html)"),
    303: noBody("A signed-in visitor goes on to where they were going"),
    ...errorResponses,
    404: rawBody('The page\'s own "not found" (text/html)'),
    503: rawBody('The page\'s own "could not be loaded" (text/html)'),
  },
};

/**
 * The web client as the server serves it: the built files (hashed assets cached for a year), the
 * server-rendered pages as explicit routes, and for every other GET that wants a page the client app's
 * index.html, so the client router answers it. Unknown API paths and missing files are a JSON 404.
 * Not encapsulated (fastify-plugin): its not-found handler is the application's.
 */
export const pagesPlugin = fp(async (app: FastifyInstance, { config, db, publicCache }: AppDeps) => {
  const templates = readPageTemplates(config);
  const hasClient = templates.app !== "";
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const plainPage = new CachedBody(templates.app);
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: CachedBody) =>
    sendCached(request, reply.header("cache-control", "no-cache"), page, HTML);
  const pathnameOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";
  /** Where the page is served (Torg's host or a store's own domain) and Torg's origin (decision 0080). */
  const originsOf = (request: FastifyRequest) => {
    const { platform, served } = requestOrigins(request, config);
    return { origin: served, platformOrigin: platform, servedStoreId: shopDomainOf(request)?.storeId };
  };

  /**
   * A storefront or product page, kept and compressed like the public reads: a link shared widely is
   * opened by many phones at once. While the database is away it is "could not be loaded" (503, not kept).
   * A storefront's page number is part of its key, and only pages that exist are kept; a search is
   * rendered fresh every time, since its text is whatever a visitor types (decision 0040).
   */
  async function shopPage(
    request: FastifyRequest,
    pathname: string,
    address: ShopPageAddress,
  ): Promise<CachedBody> {
    const storefront = address.page === "storefront" ? address.query : undefined;
    const shopRequest: ShopPageRequest = {
      address,
      ...originsOf(request),
      chosenLanguage: languageOf(request.cookies[LANGUAGE_COOKIE]),
      browserLanguage: requestLanguage(request),
    };
    // Links follow the Host header without PUBLIC_URL, and the texts the visitor's language: both are keys.
    const key = `page:${shopRequest.origin}${pathname}:${storefront?.page ?? 1}:${shopRequest.chosenLanguage}:${shopRequest.browserLanguage}`;
    const render = () => renderShop(db, templates.shop, shopRequest);
    try {
      if (storefront?.q) {
        const page = await render();
        return new CachedBody(page.html, page.status);
      }
      const laterPage = (storefront?.page ?? 1) > 1;
      return await publicCache.getPage(key, render, (page) => !laterPage || page.status === 200);
    } catch (error) {
      request.log.error({ err: error, pathname }, "A shop page could not be loaded");
      const page = renderShopUnavailable(templates.shop, shopRequest);
      return new CachedBody(page.html, page.status, false);
    }
  }

  /**
   * The login, sign-up or privacy page, rendered in the visitor's language: their choice, else their
   * browser's (as the app). A visitor who is signed in already goes from login or sign-up on to where
   * they were going (to /); the privacy page is for everyone.
   */
  async function accountPage(request: FastifyRequest, reply: FastifyReply, page: AccountPage) {
    const query = new URL(request.url, "http://torg.invalid").searchParams;
    const next = query.get("next");
    if (page !== "privacy" && !LINK_PAGES.includes(page)) {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await resolveSession(db, config, token).catch(() => null) : null;
      if (user) return reply.redirect(safeNextPath(next), 303);
    }
    const html = renderAccount(templates.account, {
      page,
      next,
      token: query.get("token"),
      language: languageOf(request.cookies[LANGUAGE_COOKIE]) ?? requestLanguage(request),
      signupRestricted: config.signupAllowlist.length > 0,
      retention: {
        ...config.retention,
        sessionDays: Math.round(config.sessionTtlMs / (24 * 60 * 60 * 1000)),
      },
    });
    return sendPage(request, reply, new CachedBody(html, 200, false));
  }

  /**
   * The shopper's order page or a stall receipt: one shopper's, so it is rendered for each request, never
   * kept in the public cache, and sent `no-store` and `noindex` (decisions 0026, 0077).
   */
  async function privatePage(
    request: FastifyRequest,
    reply: FastifyReply,
    address: Extract<ShopPageAddress, { page: "order" | "receipt" }>,
  ) {
    const header = request.headers["accept-language"];
    const shopRequest: ShopPageRequest = {
      address,
      ...originsOf(request),
      chosenLanguage: languageOf(request.cookies[LANGUAGE_COOKIE]),
      browserLanguage: requestLanguage(request),
      acceptedLanguage:
        (typeof header === "string" && matchLanguage(acceptLanguageTags(header))) || undefined,
    };
    let page: { status: number; html: string };
    try {
      page = await renderShop(db, templates.shop, shopRequest);
    } catch (error) {
      request.log.error({ err: error }, `A ${address.page} page could not be loaded`);
      page = renderShopUnavailable(templates.shop, shopRequest);
    }
    return reply
      .status(page.status)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type(HTML)
      .send(page.html);
  }

  for (const [path, page] of Object.entries(ACCOUNT_PAGES)) {
    for (const url of bothWays(path)) {
      app.get(url, { config: { public: true }, schema: pageSchema }, async (request, reply) => {
        if (!templates.account) return reply.callNotFound();
        return accountPage(request, reply, page);
      });
    }
  }
  // A slug or id no shop can have (or a file name) is left to the not-found handler, as any path.
  for (const url of bothWays(STORE_PATH)) {
    app.get<{ Params: { slug: string } }>(
      url,
      { config: { public: true }, schema: pageSchema },
      async (request, reply) => {
        const { slug } = request.params;
        if (!templates.shop || !isSlugShaped(slug)) return reply.callNotFound();
        const query = storefrontQueryOf(request.query);
        // "?page=1" is the store's own address: one canonical URL for the first page (decision 0040).
        if (query === "firstPage") return reply.redirect(pathnameOf(request), 301);
        const page = await shopPage(request, pathnameOf(request), { page: "storefront", slug, query });
        return sendPage(request, reply, page);
      },
    );
  }
  for (const [path, page] of [
    [TERMS_PATH, "terms"],
    [GIFT_CARD_PATH, "giftCard"],
    // The maker's story (decision 0080): 404 for a store whose seller wrote none.
    [ABOUT_PATH, "about"],
  ] as const) {
    for (const url of bothWays(path)) {
      app.get<{ Params: { slug: string } }>(
        url,
        { config: { public: true }, schema: pageSchema },
        async (request, reply) => {
          const { slug } = request.params;
          if (!templates.shop || !isSlugShaped(slug)) return reply.callNotFound();
          return sendPage(request, reply, await shopPage(request, pathnameOf(request), { page, slug }));
        },
      );
    }
  }
  for (const url of bothWays(PRODUCT_PATH)) {
    app.get<{ Params: { id: string } }>(
      url,
      { config: { public: true }, schema: pageSchema },
      async (request, reply) => {
        const { id } = request.params;
        if (!templates.shop || !PRODUCT_ID_SHAPE.test(id)) return reply.callNotFound();
        return sendPage(
          request,
          reply,
          await shopPage(request, pathnameOf(request), { page: "product", id }),
        );
      },
    );
  }

  // A shop page's texts (decision 0048): named by their content's hash, so kept for a year.
  app.get<{ Params: { file: string } }>(
    SHOP_TEXTS_ROUTE,
    {
      config: { public: true },
      schema: {
        hide: true,
        response: {
          200: rawBody("A shop page's texts in one language (application/json)"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const found = findShopTexts(request.params.file);
      if (!found) return reply.callNotFound();
      const cacheControl = found.current ? "public, max-age=31536000, immutable" : "no-cache";
      return sendCached(request, reply.header("cache-control", cacheControl), found.texts.body);
    },
  );

  for (const url of bothWays(ORDER_PATH)) {
    app.get<{ Params: { slug: string; token: string } }>(
      url,
      { config: { public: true }, schema: pageSchema },
      async (request, reply) => {
        const { slug, token } = request.params;
        const tokenShaped = token.length > 0 && token.length <= 200;
        if (!templates.shop || !isSlugShaped(slug) || !tokenShaped) return reply.callNotFound();
        return privatePage(request, reply, { page: "order", slug, token });
      },
    );
  }

  // A stall receipt (decision 0077): the QR code on the seller's screen, an SMS and an e-mail open it.
  for (const url of bothWays(RECEIPT_PATH)) {
    app.get<{ Params: { token: string } }>(
      url,
      { config: { public: true }, schema: pageSchema },
      async (request, reply) => {
        const { token } = request.params;
        const tokenShaped = token.length > 0 && token.length <= 200;
        if (!templates.shop || !tokenShaped) return reply.callNotFound();
        return privatePage(request, reply, { page: "receipt", token });
      },
    );
  }

  // The market screen's manifest (issue 30): public and the same for everyone, like the app's files.
  app.get<{ Params: { id: string } }>(
    MARKET_MANIFEST_PATH,
    {
      config: { public: true },
      schema: {
        hide: true,
        response: { 200: rawBody("The web app manifest (application/manifest+json)"), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!isStoreIdShaped(request.params.id)) return reply.callNotFound();
      return reply
        .header("cache-control", "no-cache")
        .type("application/manifest+json; charset=utf-8")
        .send(JSON.stringify(marketManifest(request.params.id.toLowerCase())));
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request);
    // A page is any GET outside the API and uploads that does not name a file; a missing asset stays a 404.
    const wantsPage =
      request.method === "GET" &&
      !pathname.startsWith("/api/") &&
      !pathname.startsWith("/uploads/") &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (hasClient && wantsPage) return sendPage(request, reply, plainPage);
    const language = requestLanguage(request);
    const message = pathname.startsWith("/api/")
      ? translateError(language, "routeNotFound", { method: request.method, url: pathname })
      : translateError(language, "notFound");
    return reply.status(404).send({ message });
  });
});
