/**
 * What a shopper typed, as Torg's e-mails may carry it (decision 0058). Anyone can type any name, address
 * and e-mail address at checkout, so the mail to that address (nobody proved it is theirs) carries at most
 * a plain name in its greeting, never the rest; the seller's mail shows everything, as text that no mail
 * program turns into a link.
 */

/** The longest name a greeting uses: a full name fits, a sentence does not. */
export const GREETING_NAME_MAX = 40;

/** Words of letters, joined by a space, an apostrophe, a hyphen or a dot ("J. R. Berg", "O'Neil", "Åse-Marie"). */
const PLAIN_NAME = /^[\p{L}\p{M}]+(?:[ '’.-]{1,2}[\p{L}\p{M}]+)*\.?$/u;

/** Dots as written in other scripts; a mail program may read any of them as a domain's dot. */
const DOT = "[.．。｡]";

/** A word, a dot and two letters or more: "bank-login.example", "Nora.Berg". A host to a mail program. */
const HOST_LIKE = new RegExp(`[\\p{L}\\p{M}\\p{N}-]${DOT}[\\p{L}\\p{M}]{2,}`, "u");

/**
 * The name to greet the shopper with, or null for the neutral greeting: a name of letters only (no digits,
 * no @, no :/), short, and nothing a mail program could take for a host.
 */
export function greetingName(name: string): string | null {
  const plain = name.normalize("NFC").replace(/\s+/g, " ").trim();
  if (plain.length === 0 || plain.length > GREETING_NAME_MAX) return null;
  if (!PLAIN_NAME.test(plain) || HOST_LIKE.test(plain)) return null;
  return plain;
}

/** `https://`, `ftp://`: a scheme a mail program links. */
const SCHEME = /\b([a-z][a-z0-9+.-]{0,30}):\/\//giu;
/** A dot before a letter: the dots of every host name ("www.", "example.no", "name@host.no"). */
const DOT_BEFORE_LETTER = new RegExp(`(?<=[\\p{L}\\p{M}\\p{N}_-])${DOT}(?=[\\p{L}\\p{M}])`, "gu");
/** A dotted IPv4 address, which some mail programs link without a scheme. */
const DOTTED_QUAD = /\b\d{1,3}(?:[.．。｡]\d{1,3}){3}\b/gu;

/**
 * A shopper's words as inert text for the seller's mail: every character kept and readable, but the
 * scheme's `://` written `[:]//` and a host's dots `[.]` ("https[:]//bank-login[.]example"), the way
 * security notices quote links, so neither the HTML part nor a client that links plain text makes a
 * link of it. The seller's screens show the words exactly as typed.
 */
export function inertText(text: string): string {
  return text
    .replace(SCHEME, "$1[:]//")
    .replace(DOTTED_QUAD, (quad) => quad.replace(/[.．。｡]/gu, "[.]"))
    .replace(DOT_BEFORE_LETTER, "[.]");
}
