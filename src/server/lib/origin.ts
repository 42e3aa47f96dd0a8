import { isIP } from "node:net";
import os from "node:os";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { HttpError } from "./http-error";

/** A DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_AND_PORT =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether this site answers to a host name (or IP address) without PUBLIC_URL: loopback, an address of
 * this machine's own network interfaces, or a name listed in ALLOWED_HOSTS (with or without its port).
 */
function isServedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (allowedHosts.includes(hostname) || allowedHosts.includes(url.host)) return true;
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
 * The address shoppers use: PUBLIC_URL when set, else the one this request came to, if the site answers
 * to it. Without PUBLIC_URL that address is the client's word (Host, or X-Forwarded-Host behind a
 * trusted proxy), and it ends up in QR images and shop pages that are cached and shown to others.
 *
 * Any other host is refused (421 with a message) rather than replaced by a fallback: a fallback such as
 * localhost would put wrong links, silently, into QR codes a seller prints, while a refusal tells the
 * operator at once to set PUBLIC_URL or ALLOWED_HOSTS, and a refused request caches nothing.
 */
export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl" | "allowedHosts">,
): string {
  if (config.publicUrl) return config.publicUrl;
  const protocol = request.protocol;
  // The whole Host must be a name or address and a port: "evil.example/x" or "a@b" would parse as URLs
  // with another host than the one checked.
  if ((protocol !== "http" && protocol !== "https") || !HOST_AND_PORT.test(request.host)) {
    throw new HttpError(421, "unknownHost");
  }
  let url: URL;
  try {
    url = new URL(`${protocol}://${request.host}`);
  } catch {
    throw new HttpError(421, "unknownHost"); // "999.1.1.1", "[1.2.3.4]": shaped like a host, but not one
  }
  if (!isServedHost(url, config.allowedHosts)) throw new HttpError(421, "unknownHost");
  return url.origin;
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
