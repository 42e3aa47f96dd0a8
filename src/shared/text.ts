import { z } from "./zod";

/**
 * The one rule for text a person types (decision 0057): every text field of every form and route is
 * built by `singleLineText` or `multiLineText`, so a new field cannot forget it.
 *
 * Refused everywhere: U+0000 and the other C0 control characters, DEL, and lone surrogates (half of an
 * emoji's pair, which JSON can carry as "\ud800"). PostgreSQL stores neither U+0000 nor a lone surrogate
 * in text or JSON, so they used to fail the statement (a 500) and, in a checkout, the whole batch of
 * orders it was written with; the other controls are invisible and only ever arrive by accident or
 * attack. A single line also refuses line breaks (CR, LF and Unicode's line and paragraph separators) and
 * tab: names, titles and addresses are printed on one line of a receipt, a page title or a CSV row.
 * A multi-line text keeps tab, CR and LF.
 */

/** C0 controls except tab, LF and CR; DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A surrogate that is not half of a pair: with the u flag a pair is one code point, outside \p{Cs}. */
const LONE_SURROGATE = /\p{Cs}/u;
/** What ends a line, in the text of one line; tab too, which no one-line field shows. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
const TAB = "\t";

export const TEXT_CHARACTER_REFUSED = "errors.textCharacterNotAllowed";
export const TEXT_LINE_BREAK_REFUSED = "errors.textLineBreakNotAllowed";

/** Whether a text holds a character no text field takes (see above). */
export function hasForbiddenCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);
}

/**
 * A text of one line, trimmed: a name, a title, an address line, a phone number, a URL. `message` is
 * the field's own message when the value is not text at all (absent where it is required).
 */
export function singleLineText(message?: string) {
  return z
    .string(message)
    .trim()
    .refine((text) => !hasForbiddenCharacter(text) && !text.includes(TAB), TEXT_CHARACTER_REFUSED)
    .refine((text) => !LINE_BREAK.test(text), TEXT_LINE_BREAK_REFUSED);
}

/** A text of any number of lines, trimmed: a description, terms, a note, a free-form address. */
export function multiLineText(message?: string) {
  return z
    .string(message)
    .trim()
    .refine((text) => !hasForbiddenCharacter(text), TEXT_CHARACTER_REFUSED);
}

/**
 * A one-time link's token as the link carries it (a password reset, a proof of address): text by the
 * shared rule, at most 200 characters, with the link's own "invalid" message for anything else.
 */
export const linkTokenText = (message: string) => singleLineText(message).min(1, message).max(200, message);
