import { isIP } from "node:net";
import os from "node:os";
import type { FastifyRequest } from "fastify";
import { domainOrigin } from "../../shared/shop-address";
import type { Config } from "../config";
import { HttpError } from "./http-error";

/** A DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_AND_PORT =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a host name (or IP address) is the platform's own: PUBLIC_URL's host, loopback, an address of
 * this machine's own network interfaces, or a name listed in ALLOWED_HOSTS (with or without its port).
 * A seller's verified domain is not among them: it is its store's (decision 0080, `shopDomainOf`).
 */
function isServedHost(url: URL, allowedHosts: readonly string[], publicUrl?: string): boolean {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (allowedHosts.includes(hostname) || allowedHosts.includes(url.host)) return true;
  if (publicUrl && new URL(publicUrl).hostname === url.hostname) return true;
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  const family = isIP(hostname);
  if (family === 4 && hostname.startsWith("127.")) return true;
  if (family === 6 && hostname === "::1") return true;
  // Read on each request that names an IP address: interfaces come and go (DHCP, containers).
  return (
    family !== 0 &&
    Object.values(os.networkInterfaces()).some((addresses) =>
      addresses?.some((address) => address.address.toLowerCase() === hostname),
    )
  );
}

/**
 * The store a request's host serves, when the host is a seller's verified domain: set by the host
 * routing (modules/shop-hosts) as the request arrives, on the raw request, so every later reader agrees.
 */
export interface ShopDomain {
  storeId: string;
  slug: string;
  /** The store's primary domain: the one its pages are served and linked at. */
  primary: string;
}

const shopDomains = new WeakMap<object, ShopDomain>();

/** Marks a raw request as arriving at a store's own domain (host routing, before the route is found). */
export function markShopDomain(raw: object, shop: ShopDomain): void {
  shopDomains.set(raw, shop);
}

/** The store whose own domain this request came to, or undefined on the platform's host. */
export function shopDomainOf(request: FastifyRequest): ShopDomain | undefined {
  return shopDomains.get(request.raw);
}

/**
 * The platform's origin this request names, if its host is one of the platform's: PUBLIC_URL's host,
 * loopback, this machine's addresses, ALLOWED_HOSTS. Undefined for any other host (a shop's domain, or
 * a name nobody verified).
 */
export function platformOriginOf(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts">,
): string | undefined {
  const protocol = request.protocol;
  // The whole Host must be a name or address and a port: "evil.example/x" or "a@b" would parse as URLs
  // with another host than the one checked.
  if ((protocol !== "http" && protocol !== "https") || !HOST_AND_PORT.test(request.host)) return undefined;
  let url: URL;
  try {
    url = new URL(`${protocol}://${request.host}`);
  } catch {
    return undefined; // "999.1.1.1", "[1.2.3.4]": shaped like a host, but not one
  }
  if (!isServedHost(url, config.allowedHosts, config.publicUrl)) return undefined;
  return config.publicUrl ?? url.origin;
}

export interface RequestOrigins {
  /** Torg's own origin: PUBLIC_URL, else the platform host this request came to. */
  platform: string;
  /** The origin this request is served at: the platform's, or the store's own domain's. */
  served: string;
}

/**
 * The platform's origin and the origin this request is served at, so pages, caches and links agree
 * (decision 0080). On a store's own domain, links are that domain's (`domainOrigin`), and the platform's
 * origin is PUBLIC_URL, or without it the domain's own origin (the scheme and port the platform is
 * served with: `shopUrl` then gives the domain back).
 *
 * Any other host is refused (421 with a message) rather than replaced by a fallback: a fallback such as
 * localhost would put wrong links, silently, into QR codes a seller prints, while a refusal tells the
 * operator at once to set PUBLIC_URL or ALLOWED_HOSTS, and a refused request caches nothing. Host
 * routing refuses such a request before any route runs; this stays for a request that gets here anyway.
 */
export function requestOrigins(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts">,
): RequestOrigins {
  const shop = shopDomainOf(request);
  if (shop) {
    const own = `${request.protocol}://${request.host}`;
    const platform = config.publicUrl ?? own;
    return { platform, served: domainOrigin(shop.primary, platform) };
  }
  const platform = platformOriginOf(request, config);
  if (!platform) throw new HttpError(421, "unknownHost");
  return { platform, served: platform };
}

/** Torg's own origin for links that `shop-address` turns into a shop's (see `requestOrigins`). */
export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts">,
): string {
  return requestOrigins(request, config).platform;
}

/**
 * An address shoppers can follow from anywhere: an uploaded image's path on `origin` (from
 * `publicOrigin`), an https address as it is, and nothing for anything else (another path of this site,
 * plain http, a data URL). Used by the Open Graph tags, the structured data, the sitemaps and the feed.
 */
export function absoluteUrl(url: string | null | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/uploads/")) return `${origin}${url}`;
  return /^https:\/\//.test(url) ? url : undefined;
}
