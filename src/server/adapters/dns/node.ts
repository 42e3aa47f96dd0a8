import dns from "node:dns";
import { type DnsResolver, DnsUnavailableError } from "./resolver";

/**
 * Codes of Node's resolver (node:dns "Error codes") that mean the name has no records of the asked type:
 * `dns.NOTFOUND` ("Domain name not found": NXDOMAIN) and `dns.NODATA` ("DNS server returned an answer
 * with no data"). Every other code (`ETIMEOUT`, `ESERVFAIL`, `ECONNREFUSED`, `EREFUSED`, …) means DNS
 * could not tell.
 */
const NO_RECORDS = new Set<string>([dns.NOTFOUND, dns.NODATA]);

export interface NodeResolverOptions {
  /** "host:port" entries; empty: the system's resolvers. */
  servers: readonly string[];
  /** Per attempt, in milliseconds (c-ares doubles it on each retry). */
  timeoutMs?: number;
  tries?: number;
}

/** DnsResolver over Node's c-ares resolver, asking DNS_SERVERS when set (UDP, TCP when truncated). */
export function createNodeResolver({
  servers,
  timeoutMs = 2000,
  tries = 2,
}: NodeResolverOptions): DnsResolver {
  const resolver = new dns.promises.Resolver({ timeout: timeoutMs, tries });
  if (servers.length > 0) resolver.setServers([...servers]);

  async function ask<T>(hostname: string, query: () => Promise<T[]>): Promise<T[]> {
    try {
      return await query();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "EUNKNOWN";
      if (NO_RECORDS.has(code)) return [];
      throw new DnsUnavailableError(code, hostname);
    }
  }

  return {
    resolveTxt: (name) => ask(name, () => resolver.resolveTxt(name)),
    resolveCname: (name) => ask(name, () => resolver.resolveCname(name)),
    resolve4: (name) => ask(name, () => resolver.resolve4(name)),
    resolve6: (name) => ask(name, () => resolver.resolve6(name)),
  };
}
