import type { Config } from "../../config";
import { createNodeResolver } from "./node";
import type { DnsResolver } from "./resolver";

export { createNodeResolver } from "./node";
export { type DnsResolver, DnsUnavailableError } from "./resolver";

/** The resolver the domain checks ask (decision 0080): DNS_SERVERS, or the system's when none are named. */
export function createDnsResolver(config: Pick<Config, "domains">): DnsResolver {
  return createNodeResolver({ servers: config.domains.dnsServers });
}
