import { singleLineText } from "./text";
import { z } from "./zod";

/**
 * A store's own domain (decision 0080): the form, the API's view of it and its limits, shared by the
 * seller's settings card and the routes.
 */

/** "A domain is one store's, a store has at most a few": the apex and www, and one to move to. */
export const MAX_DOMAINS_PER_STORE = 3;

/** The TXT record that proves the seller holds the name: `_torg-verify.{domain}` with the token. */
export const VERIFY_RECORD_PREFIX = "_torg-verify";
/** What that TXT record holds: `torg-verify={token}`. */
export const verifyRecordValue = (token: string) => `torg-verify=${token}`;

export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** RFC 1035 names: labels of letters, digits and hyphens, not starting or ending with a hyphen. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain is letters (or an IDN's xn-- form): never digits, so an IP address is refused. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The domain as it is stored and compared: lower case, without a scheme, path, port or trailing dot,
 * and an internationalised name in its ASCII (punycode) form, as DNS and the Host header carry it.
 * Undefined for anything that is not a host name of at least two labels.
 */
export function normaliseDomain(input: string): string | undefined {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/[/?#].*$/, "");
  text = text.replace(/:\d*$/, "").replace(/\.$/, "");
  if (!text || text.length > 253 || /[\s@[\]\\]/.test(text)) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${text}`).hostname;
  } catch {
    return undefined;
  }
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  if (!TOP_LEVEL.test(labels.at(-1) ?? "")) return undefined;
  return ascii;
}

/** Whether a domain is a name's apex (two labels, or a known two-part suffix), which cannot be a CNAME. */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split(".");
  if (labels.length <= 2) return true;
  // Second-level registries where the apex has three labels (co.uk, com.au, …): the common ones.
  return labels.length === 3 && /^(?:co|com|org|net|ac|gov)$/.test(labels[1] ?? "");
}

export const addDomainSchema = z.object({
  domain: singleLineText("errors.domainInvalid")
    .max(300, "errors.domainInvalid")
    .transform((text, context) => {
      const domain = normaliseDomain(text);
      if (!domain) {
        context.addIssue({ code: "custom", message: "errors.domainInvalid" });
        return z.NEVER;
      }
      return domain;
    }),
});
export type AddDomainInput = z.input<typeof addDomainSchema>;

/** A DNS record to set at the seller's registrar: name relative to nothing (the full name). */
export const dnsRecordSchema = z.object({
  type: z.enum(["CNAME", "A", "AAAA", "TXT"]),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const domainViewSchema = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** The records to set; the shop is served at the domain once they are found. */
  records: z.array(dnsRecordSchema),
  /** Why the last check did not verify it: an error key (errors.*), or null. */
  checkError: z.string().nullable(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** The domain the shop is served at (the first verified one); other verified ones redirect to it. */
  primary: z.boolean(),
});
export type DomainView = z.infer<typeof domainViewSchema>;
