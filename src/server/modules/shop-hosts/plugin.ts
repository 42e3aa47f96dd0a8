import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { domainOrigin } from "../../../shared/shop-address";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUuid } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import { markShopDomain, platformOriginOf, type ShopDomain, shopDomainOf } from "../../lib/origin";
import { type HostMap, hostnameOf } from "./host-map";
import { domainPathOf, isShopPath, platformPathOf, productIdOf } from "./paths";
import { ProductStores } from "./product-stores";

declare module "fastify" {
  interface FastifyInstance {
    /** Which store each verified domain serves (decision 0080); tests refresh it directly. */
    shopHosts: HostMap;
    /** What a domain change calls (`onCatalogueChange`); tests that write `store_domains` directly call it. */
    catalogueChanged: () => void;
  }
}

/** The Host a request names, as Fastify reads it (`request.host`): X-Forwarded-Host behind a trusted proxy. */
function rawHostOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-host"];
  if (trustProxy && typeof forwarded === "string" && forwarded) {
    return forwarded.split(",").at(-1)?.trim() ?? "";
  }
  return req.headers.host ?? "";
}

/**
 * Fastify's `rewriteUrl` (synchronous, before routing): a verified domain's shop pages become the
 * platform's routes (`/` is `/s/{slug}`, `/terms` is `/s/{slug}/terms`…), and the request is marked as
 * on that store's domain for the hooks and the pages after it. Every other path stays as it is.
 */
export function shopUrlRewriter(hosts: HostMap, trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const url = req.url ?? "/";
    const shop = hosts.lookup(rawHostOf(req, trustProxy));
    if (!shop) return url;
    markShopDomain(req, shop);
    return platformPathOf(url, shop.slug) ?? url;
  };
}

/** The session's cookies leave the request before anything reads them: they belong to the platform's host. */
function dropCookies(req: IncomingMessage, names: readonly string[]) {
  const header = req.headers.cookie;
  if (!header) return;
  const kept = header
    .split(";")
    .filter((pair) => {
      const name = pair.split("=")[0]?.trim();
      return name === undefined || !names.includes(name);
    })
    .join(";");
  if (kept.trim()) req.headers.cookie = kept;
  else delete req.headers.cookie;
}

const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

/**
 * Host routing (decision 0080), before the cookies and the session are read. A request's host is:
 * - a store's verified domain: its primary one serves the shop's pages and the API they call; another of
 *   the store's sends (301) to the primary; anything else is "not found", or with PUBLIC_URL a workspace
 *   page is sent to the platform. The session cookie is never read there.
 * - the platform's: a page of a store with a domain is sent (301) there.
 * - neither: the domains are read again (at most once a second), and a host found that way is asked
 *   again (307: the request is routed afresh); else 421, never another store's page.
 */
export const shopHostsPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      db,
      hosts,
      onCatalogueChange,
      sessionCookies,
    }: {
      config: Config;
      db: Db;
      hosts: HostMap;
      onCatalogueChange: () => void;
      /** The session's cookie names (the auth module's), never read on a shop's domain. */
      sessionCookies: readonly string[];
    },
  ) => {
    app.decorate("shopHosts", hosts);
    app.decorate("catalogueChanged", onCatalogueChange);
    app.addHook("onReady", async () => hosts.refresh());
    const productStores = new ProductStores(db);

    async function onShopDomain(request: FastifyRequest, reply: FastifyReply, shop: ShopDomain) {
      const url = request.originalUrl;
      if (hostnameOf(request.host) !== shop.primary) {
        const primary = domainOrigin(shop.primary, `${request.protocol}://${request.host}`);
        return reply.redirect(`${primary}${url}`, 301);
      }
      dropCookies(request.raw, sessionCookies);
      if (isShopPath(url)) return;
      const api = url.startsWith("/api/");
      // A seller who follows a workspace link on their shop's domain is taken to the platform's host.
      if (config.publicUrl && !api && isRead(request))
        return reply.redirect(`${config.publicUrl}${url}`, 301);
      const path = url.split("?")[0] ?? url;
      throw api
        ? new HttpError(404, "routeNotFound", { method: request.method, url: path })
        : new HttpError(404, "notFound");
    }

    async function onPlatform(request: FastifyRequest, reply: FastifyReply, platform: string) {
      if (!isRead(request) || hosts.isEmpty) return;
      const page = domainPathOf(request.url);
      const bySlug = page && hosts.ofSlug(page.slug);
      // Not kept by browsers (no-cache): once the seller removes the domain, `/s/{slug}` is the shop again.
      if (page && bySlug) {
        const target = `${domainOrigin(bySlug.primary, platform)}${page.path}`;
        return reply.header("cache-control", "no-cache").redirect(target, 301);
      }
      const productId = productIdOf(request.url);
      if (!productId || !isUuid(productId)) return;
      const storeId = await productStores.storeOf(productId);
      const shop = storeId ? hosts.ofStore(storeId) : undefined;
      if (!shop) return;
      const target = `${domainOrigin(shop.primary, platform)}${request.url}`;
      return reply.header("cache-control", "no-cache").redirect(target, 301);
    }

    app.addHook("onRequest", async (request, reply) => {
      const shop = shopDomainOf(request);
      if (shop) return onShopDomain(request, reply, shop);
      const platform = platformOriginOf(request, config);
      if (platform) return onPlatform(request, reply, platform);
      const known = await hosts.learn(request.host).catch((error: Error) => {
        request.log.warn({ err: error }, "Could not read the shops' own domains");
        return false;
      });
      if (known) return reply.header("cache-control", "no-store").redirect(request.originalUrl, 307);
      throw new HttpError(421, "unknownHost");
    });
  },
  { name: "shop-hosts" },
);
