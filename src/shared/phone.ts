import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone number as E.164 ("+4791234567"), reading numbers without a country code as Norwegian.
 * undefined when the number is not a valid one.
 */
export function toE164(input: string): string | undefined {
  const phone = parsePhoneNumberFromString(input.trim(), "NO");
  return phone?.isValid() ? phone.number : undefined;
}

/** The country (ISO code) of a valid number, read as Norwegian without a country code; undefined otherwise. */
export function phoneCountry(input: string): string | undefined {
  const phone = parsePhoneNumberFromString(input.trim(), "NO");
  return phone?.isValid() ? phone.country : undefined;
}

/**
 * "+4791234567" → "+47 912 34 567": how every screen shows a number. It lives in phone-format.ts, free of
 * libphonenumber, so the storefront's first load can show its number without that library.
 */
export { formatPhone } from "./phone-format";

/** A phone verification code as texted: six digits. Spaces a reader may type between them are dropped. */
export const PHONE_CODE_PATTERN = /^\d{6}$/;

export function normalizePhoneCode(input: string): string {
  return input.replace(/\s+/g, "");
}
