import { isIP } from "node:net";
import {
  type DnsRecord,
  isApexDomain,
  VERIFY_RECORD_PREFIX,
  verifyRecordValue,
} from "../../../shared/domains";
import type { DnsResolver } from "../../adapters/dns";
import { HttpError } from "../../lib/http-error";

/** The name of the TXT record that proves the seller holds `domain`. */
export const verifyRecordName = (domain: string) => `${VERIFY_RECORD_PREFIX}.${domain}`;

/**
 * The addresses Torg's host answers at, for an apex's A/AAAA records: an IP literal is its own address,
 * `localhost` is loopback (as every resolver's hosts file has it), any other name is asked of DNS.
 * None, or DNS not answering: 503, and nothing is saved (the seller would be shown no record to set).
 */
export async function targetAddresses(
  resolver: DnsResolver,
  targetHost: string,
): Promise<{ v4: string[]; v6: string[] }> {
  const host = targetHost.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(host);
  if (family === 4) return { v4: [host], v6: [] };
  if (family === 6) return { v4: [], v6: [host] };
  if (host === "localhost" || host.endsWith(".localhost")) return { v4: ["127.0.0.1"], v6: ["::1"] };
  try {
    const [v4, v6] = await Promise.all([resolver.resolve4(host), resolver.resolve6(host)]);
    if (v4.length + v6.length > 0) return { v4, v6 };
  } catch {
    // DNS did not answer: the same refusal as no addresses.
  }
  throw new HttpError(503, "dnsUnavailable");
}

/**
 * The records the seller sets (decision 0080): the TXT record with the token, and a CNAME to Torg's host
 * for a subdomain, or, for an apex (which cannot hold a CNAME beside its other records) or a target that
 * is an address, A/AAAA records with the addresses Torg's host has now.
 */
export async function recordsToSet(
  resolver: DnsResolver,
  domain: string,
  token: string,
  targetHost: string,
): Promise<DnsRecord[]> {
  const verify: DnsRecord = { type: "TXT", name: verifyRecordName(domain), value: verifyRecordValue(token) };
  // An IP-literal target (a server without a name) can only be pointed at with A/AAAA records.
  const targetIsAddress = isIP(targetHost.replace(/^\[(.*)\]$/, "$1")) !== 0;
  if (!isApexDomain(domain) && !targetIsAddress) {
    return [verify, { type: "CNAME", name: domain, value: targetHost }];
  }
  const { v4, v6 } = await targetAddresses(resolver, targetHost);
  return [
    verify,
    ...v4.map((value): DnsRecord => ({ type: "A", name: domain, value })),
    ...v6.map((value): DnsRecord => ({ type: "AAAA", name: domain, value })),
  ];
}
