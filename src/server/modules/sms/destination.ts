import { type NumberType, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { translateError } from "../../../shared/i18n";
import { phoneTextSchema } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import { z } from "../../../shared/zod";
import { HttpError } from "../../lib/http-error";

/**
 * Numbers that cost the sender or reach a service rather than a person: a text to one of them earns
 * its owner money (SMS pumping) or goes nowhere. Told apart with libphonenumber's full metadata, which
 * only the server loads: the browser bundles the small one, which knows countries but not number types.
 */
const NOT_TEXTABLE: ReadonlySet<NumberType> = new Set([
  "PREMIUM_RATE",
  "SHARED_COST",
  "TOLL_FREE",
  "UAN",
  "VOICEMAIL",
  "PAGER",
]);

/**
 * A valid number as the server reads it, once, with the full metadata: its E.164 form ("+4791234567") and
 * what the SMS check asks of it. Read where the number comes in and passed along, so a checkout parses its
 * shopper's phone one time (each parse costs as much as the rest of the checkout's validation).
 */
export interface ReadPhone {
  e164: string;
  country: string | undefined;
  /** Mobile, fixed line, premium rate...: undefined where the metadata cannot tell. */
  type: NumberType | undefined;
}

/**
 * The number read as Norwegian when it has no country code; undefined when it is not a valid one. The full
 * metadata is stricter than the browser's (toE164): every number it finds valid the small one does too, with
 * the same E.164 form and country, while some the small one accepts (unallocated ranges) it refuses.
 */
export function readPhone(input: string): ReadPhone | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), "NO");
  if (!parsed?.isValid()) return undefined;
  return { e164: parsed.number, country: parsed.country, type: parsed.getType() };
}

/**
 * A shopper's phone in a request body: the shared length rules, then read once (readPhone); a number that
 * is not valid is refused as the shared schema refuses it, with errors.phoneInvalid on the field.
 */
export const readPhoneSchema = phoneTextSchema.transform((phone, context) => {
  const read = readPhone(phone);
  if (read) return read;
  context.addIssue({ code: "custom", message: "errors.phoneInvalid" });
  return z.NEVER;
});

export type SmsDestinationProblem =
  | { problem: "invalid" }
  | { problem: "country"; country: string | undefined }
  | { problem: "premium" };

/**
 * Why Torg will not text this number, or undefined when it may: it must be valid, in one of the countries
 * the platform serves, and a number a person holds rather than a premium-rate or service number.
 */
export function destinationProblem(
  phone: ReadPhone | undefined,
  allowedCountries: readonly string[],
): SmsDestinationProblem | undefined {
  if (!phone) return { problem: "invalid" };
  if (!phone.country || !allowedCountries.includes(phone.country))
    return { problem: "country", country: phone.country };
  if (phone.type && NOT_TEXTABLE.has(phone.type)) return { problem: "premium" };
  return undefined;
}

/** destinationProblem of a number not read yet (read as Norwegian when it has no country code). */
export function smsDestinationProblem(
  phone: string,
  allowedCountries: readonly string[],
): SmsDestinationProblem | undefined {
  return destinationProblem(readPhone(phone), allowedCountries);
}

/** A country's name in the reader's language ("Sweden", nb "Sverige"), or its code where Intl has none. */
function countryName(code: string, language: Language) {
  return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
}

/** "Norway, Sweden or Denmark" in the reader's language. */
function countryNames(codes: readonly string[], language: Language) {
  return new Intl.ListFormat(language, { type: "disjunction" }).format(
    codes.map((code) => countryName(code, language)),
  );
}

/** The 400 for a number Torg will not text, naming the problem in the reader's language. */
export function smsDestinationError(
  problem: SmsDestinationProblem,
  allowedCountries: readonly string[],
  language: Language,
): HttpError {
  if (problem.problem === "invalid") return new HttpError(400, "phoneInvalid");
  if (problem.problem === "premium") return new HttpError(400, "phonePremiumRate");
  return new HttpError(400, "phoneCountryNotServed", {
    country: problem.country ? countryName(problem.country, language) : "?",
    countries: countryNames(allowedCountries, language),
  });
}

/**
 * A shopper's phone at checkout (decision 0068): any valid number a person holds is taken, whatever its
 * country, and the answer says whether it gets the order's texts. SMS_ALLOWED_COUNTRIES limits where texts
 * go, not who may buy: a number elsewhere gets no text, and the receipt e-mail every order sends is its
 * confirmation. A premium-rate or service number is still refused (decision 0022), as a 400 on the phone
 * field, wherever it is: it is nobody's phone, and a seller calling it would pay its owner.
 */
export function shopperGetsTexts(
  phone: ReadPhone,
  allowedCountries: readonly string[],
  language: Language,
): boolean {
  if (phone.type && NOT_TEXTABLE.has(phone.type)) {
    const message = translateError(language, "phonePremiumRate");
    throw new HttpError(400, "phonePremiumRate", {}, {}, { issues: [{ path: "shipToPhone", message }] });
  }
  return destinationProblem(phone, allowedCountries) === undefined;
}

/**
 * The number types a seller's SMS phone may have: a mobile, or a number the metadata cannot tell from one
 * (FIXED_LINE_OR_MOBILE: every Danish number, and countries whose ranges overlap). A Norwegian or Swedish
 * landline is told apart (FIXED_LINE) and refused: it would never get the new-order texts or the code.
 */
const SELLER_PHONE_TYPES: ReadonlySet<NumberType> = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * Refuses, with a 400 in the reader's language, a number that cannot be a seller's SMS phone: one Torg
 * will not text at all (assertSmsDestination), or one that is not a mobile (decision 0069).
 */
export function assertSellerSmsPhone(
  phone: string,
  allowedCountries: readonly string[],
  language: Language,
): void {
  const read = readPhone(phone);
  assertSmsDestination(read ?? phone, allowedCountries, language);
  if (!read?.type || !SELLER_PHONE_TYPES.has(read.type)) throw new HttpError(400, "phoneNotMobile");
}

/** Refuses, with a 400 in the reader's language, a number Torg will not text. */
export function assertSmsDestination(
  phone: string | ReadPhone,
  allowedCountries: readonly string[],
  language: Language,
): void {
  const problem = destinationProblem(typeof phone === "string" ? readPhone(phone) : phone, allowedCountries);
  if (problem) throw smsDestinationError(problem, allowedCountries, language);
}
