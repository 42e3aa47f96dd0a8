/**
 * Text made safe to write into markup: one definition for the pages, the e-mails, the QR code's SVG and
 * the sitemaps and feed. The five characters that can end an attribute value or open a tag become
 * entities; XML spells the apostrophe as XML 1.0 names it, and drops what XML does not allow at all.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const XML_ESCAPES: Record<string, string> = { ...HTML_ESCAPES, "'": "&apos;" };

/** Characters XML 1.0 does not allow at all (C0 controls other than tab, newline and return, U+FFFE/F). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Text safe as HTML element content or a quoted attribute value. One pass over the text (every value of
 * every e-mail goes through here), and none when nothing needs it.
 */
export const escapeHtml = (text: string) =>
  /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char) : text;

/** Text safe as XML element content or a quoted attribute value: the five entities, no forbidden characters. */
export const escapeXml = (text: string) =>
  text.replace(NOT_XML, "").replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
