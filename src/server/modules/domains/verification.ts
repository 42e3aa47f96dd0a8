import type { DnsRecord } from "../../../shared/domains";
import type { DnsResolver } from "../../adapters/dns";
import { verifyRecordName } from "./records";

/** What a check found: verified, or the first thing missing (an error key, with its parameters). */
export type CheckOutcome =
  | { verified: true }
  | { verified: false; error: "dnsVerifyRecordMissing" }
  | { verified: false; error: "dnsTargetMissing"; type: "CNAME" | "A" | "AAAA" };

const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");

/** IPv6 addresses compared in one spelling ("::1" and "0:0:0:0:0:0:0:1" are the same). */
function canonicalAddress(address: string): string {
  try {
    return new URL(`http://[${address}]`).hostname;
  } catch {
    return address.toLowerCase();
  }
}

/**
 * Asks DNS whether `domain` has the records it was shown (decision 0080). It is verified when the TXT
 * record holds the token AND the name points at Torg: its CNAME is the target host, or (an apex) one of
 * its A/AAAA addresses is one of those recorded; all of them elsewhere is not enough. Throws
 * DnsUnavailableError when DNS could not tell.
 */
export async function checkRecords(
  resolver: DnsResolver,
  domain: string,
  records: readonly DnsRecord[],
): Promise<CheckOutcome> {
  const wanted = records.find((record) => record.type === "TXT")?.value;
  /*
   * Node's resolver.resolveTxt: "a two-dimensional array of the text records available for hostname
   * (e.g. [ ['v=spf1 ip4:0.0.0.0 ', '~all' ] ]). Each sub-array contains TXT chunks of one record."
   * A record's chunks are its RFC 1035 character-strings (each ≤ 255 octets): one value, joined.
   */
  const texts = (await resolver.resolveTxt(verifyRecordName(domain))).map((chunks) => chunks.join(""));
  if (!wanted || !texts.some((text) => text.trim() === wanted)) {
    return { verified: false, error: "dnsVerifyRecordMissing" };
  }

  const cname = records.find((record) => record.type === "CNAME");
  if (cname) {
    const found = await resolver.resolveCname(domain);
    return found.some((name) => sameName(name, cname.value))
      ? { verified: true }
      : { verified: false, error: "dnsTargetMissing", type: "CNAME" };
  }

  const v4 = new Set(records.filter((r) => r.type === "A").map((r) => r.value));
  const v6 = new Set(records.filter((r) => r.type === "AAAA").map((r) => canonicalAddress(r.value)));
  const [found4, found6] = await Promise.all([
    v4.size > 0 ? resolver.resolve4(domain) : Promise.resolve([]),
    v6.size > 0 ? resolver.resolve6(domain) : Promise.resolve([]),
  ]);
  if (found4.some((address) => v4.has(address)) || found6.some((a) => v6.has(canonicalAddress(a)))) {
    return { verified: true };
  }
  return { verified: false, error: "dnsTargetMissing", type: v4.size > 0 ? "A" : "AAAA" };
}
