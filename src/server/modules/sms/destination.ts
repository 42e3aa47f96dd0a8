import { type NumberType, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Language } from "../../../shared/preferences";
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

export type SmsDestinationProblem =
  | { problem: "invalid" }
  | { problem: "country"; country: string | undefined }
  | { problem: "premium" };

/**
 * Why Torg will not text this number (read as Norwegian when it has no country code), or undefined
 * when it may: it must be valid, in one of the countries the platform serves, and a number a person
 * holds rather than a premium-rate or service number.
 */
export function smsDestinationProblem(
  phone: string,
  allowedCountries: readonly string[],
): SmsDestinationProblem | undefined {
  const parsed = parsePhoneNumberFromString(phone.trim(), "NO");
  if (!parsed?.isValid()) return { problem: "invalid" };
  if (!parsed.country || !allowedCountries.includes(parsed.country))
    return { problem: "country", country: parsed.country };
  const type = parsed.getType();
  if (type && NOT_TEXTABLE.has(type)) return { problem: "premium" };
  return undefined;
}

/** "Norway, Sweden or Denmark" in the reader's language. */
function countryNames(codes: readonly string[], language: Language) {
  const names = new Intl.DisplayNames([language], { type: "region" });
  return new Intl.ListFormat(language, { type: "disjunction" }).format(
    codes.map((code) => names.of(code) ?? code),
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
  const country = problem.country
    ? (new Intl.DisplayNames([language], { type: "region" }).of(problem.country) ?? problem.country)
    : "?";
  return new HttpError(400, "phoneCountryNotServed", {
    country,
    countries: countryNames(allowedCountries, language),
  });
}

/** Refuses, with a 400 in the reader's language, a number Torg will not text. */
export function assertSmsDestination(
  phone: string,
  allowedCountries: readonly string[],
  language: Language,
): void {
  const problem = smsDestinationProblem(phone, allowedCountries);
  if (problem) throw smsDestinationError(problem, allowedCountries, language);
}
