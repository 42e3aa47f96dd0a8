/**
 * How the about page names a seller's link: the social services shoppers know by name, else the link's
 * host ("keramikkari.no"), so a shopper sees where a link goes before following it.
 */
const SERVICES: [service: string, hosts: string[]][] = [
  ["Instagram", ["instagram.com", "instagr.am"]],
  ["Facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["TikTok", ["tiktok.com"]],
  ["Pinterest", ["pinterest.com", "pin.it"]],
];

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Pinterest answers at national hosts too: pinterest.co.uk, pinterest.no, pinterest.com.au. */
const isPinterest = (host: string) =>
  /(^|\.)pinterest\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host);

export interface LinkLabel {
  /** "Instagram", or the host without "www." */
  label: string;
  /** Whether the label is a service's name (then the page also shows the host). */
  service: boolean;
}

/** A link's label, or null for text that is no address (the page then leaves it out). */
export function socialLinkLabel(link: string): LinkLabel | null {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return null;
  }
  for (const [service, hosts] of SERVICES)
    if (hosts.some((domain) => isHostOf(host, domain))) return { label: service, service: true };
  if (isPinterest(host)) return { label: "Pinterest", service: true };
  return { label: host.replace(/^www\./, ""), service: false };
}
