import type { NumberType } from "libphonenumber-js";
import { badRequest } from "../../lib/http-error";
import { readPhone } from "../sms";

/**
 * Vipps' push flow reaches the app on a mobile number (`customer.phoneNumber`). A number the metadata knows
 * is a landline is refused here with words the seller can act on, rather than by Vipps after the sale is
 * made; one it cannot tell from a mobile (every Danish number) is left to Vipps.
 */
const VIPPS_PHONE_TYPES: ReadonlySet<NumberType> = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/** The shopper's Vipps number for a push, in E.164, or the 400 that says what is wrong with it. */
export function vippsPushPhone(typed: string | undefined): string {
  if (!typed) throw badRequest("salePhoneRequired");
  const read = readPhone(typed);
  if (!read) throw badRequest("phoneInvalid");
  if (read.type && !VIPPS_PHONE_TYPES.has(read.type)) throw badRequest("vippsPhoneNotMobile");
  return read.e164;
}
