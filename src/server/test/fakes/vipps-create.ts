/**
 * The fake Vipps' reading of a `CreatePaymentRequest` (ePayment API v1, `POST /epayment/v1/payments`), as
 * its reference documents it: what it refuses is what the reference says is not valid, so a request Torg
 * builds wrong fails here as it would at Vipps. Quotes are the reference's.
 */
export type FakeUserFlow = "WEB_REDIRECT" | "NATIVE_REDIRECT" | "PUSH_MESSAGE" | "QR";
export type FakeQrFormat = "TEXT/TARGETURL" | "IMAGE/SVG+XML" | "IMAGE/PNG";

export interface ReadCreateRequest {
  reference: string;
  value: number;
  userFlow: FakeUserFlow;
  returnUrl: string | undefined;
  /** `customer.phoneNumber` (MSISDN) of a push payment, the phone it is pushed to. */
  phoneNumber: string | undefined;
  /** The QR's format, for `userFlow: "QR"` (default "IMAGE/SVG+XML"). */
  qrFormat: FakeQrFormat | undefined;
  customerInteraction: "CUSTOMER_PRESENT" | "CUSTOMER_NOT_PRESENT";
  description: string;
}

const REFERENCE = /^[a-zA-Z0-9-]{8,50}$/;
const USER_FLOWS: readonly string[] = ["WEB_REDIRECT", "NATIVE_REDIRECT", "PUSH_MESSAGE", "QR"];
const QR_FORMATS: readonly string[] = ["TEXT/TARGETURL", "IMAGE/SVG+XML", "IMAGE/PNG"];
/** `CustomerPhoneNumber.phoneNumber`: "MSISDN: Digits only", `minLength: 10`, `maxLength: 15`. */
const MSISDN = /^\d{10,15}$/;
/** `Amount.value`: `minimum: 0`, `maximum: 65000000`. */
const MAX_VALUE = 65_000_000;

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request read, or the `title` of the 400 Problem Vipps would answer. */
export function readCreateRequest(body: unknown): ReadCreateRequest | { problem: string } {
  if (!isObject(body)) return { problem: "Invalid request body" };
  const reference = String(body.reference ?? "");
  if (!REFERENCE.test(reference)) return { problem: "Invalid reference" };
  const amount = isObject(body.amount) ? body.amount : {};
  const value = amount.value;
  if (amount.currency !== "NOK" || typeof value !== "number" || !Number.isInteger(value)) {
    return { problem: "Invalid amount" };
  }
  if (value < 0 || value > MAX_VALUE) return { problem: "Invalid amount" };
  const method = isObject(body.paymentMethod) ? body.paymentMethod.type : undefined;
  if (method !== "WALLET" && method !== "CARD") return { problem: "Invalid paymentMethod" };
  // `userFlow` is required: "`amount`, `paymentMethod`, `reference`, `userFlow`".
  const userFlow = String(body.userFlow ?? "");
  if (!USER_FLOWS.includes(userFlow)) return { problem: "Invalid userFlow" };
  // "`CARD` has to be combined with a `userFlow` of `WEB_REDIRECT`".
  if (method === "CARD" && userFlow !== "WEB_REDIRECT") return { problem: "CARD needs WEB_REDIRECT" };
  const returnUrl = typeof body.returnUrl === "string" ? body.returnUrl : undefined;
  // "If `userFlow` is `WEB_REDIRECT`, a valid value for `returnUrl` is required"; an app switch back
  // (NATIVE_REDIRECT) needs it as much.
  if ((userFlow === "WEB_REDIRECT" || userFlow === "NATIVE_REDIRECT") && !returnUrl) {
    return { problem: `${userFlow} needs a returnUrl` };
  }
  const customer = body.customer;
  let phoneNumber: string | undefined;
  if (customer !== undefined && customer !== null) {
    if (!isObject(customer)) return { problem: "Invalid customer" };
    // `Customer` is one of phone number, personal QR or customer token: "Specifying more than one of these
    // will result in an error."
    const given = ["phoneNumber", "personalQr", "customerToken"].filter((key) => customer[key] !== undefined);
    if (given.length !== 1) return { problem: "Invalid customer" };
    if (customer.phoneNumber !== undefined) {
      if (typeof customer.phoneNumber !== "string" || !MSISDN.test(customer.phoneNumber)) {
        return { problem: "Invalid customer.phoneNumber" };
      }
      phoneNumber = customer.phoneNumber;
    }
  }
  // "If `userFlow` is `PUSH_MESSAGE`, a valid value for `customer` is required."
  if (userFlow === "PUSH_MESSAGE" && !isObject(customer)) return { problem: "PUSH_MESSAGE needs a customer" };
  let qrFormat: FakeQrFormat | undefined;
  if (body.qrFormat !== undefined && body.qrFormat !== null) {
    // "Optional setting that is only applicable when `userFlow` is set to `QR`": elsewhere it means nothing.
    if (!isObject(body.qrFormat)) return { problem: "Invalid qrFormat" };
    const { format, size } = body.qrFormat;
    // `format` is required, one of the three; `size` 100 to 2000 or null.
    if (typeof format !== "string" || !QR_FORMATS.includes(format)) return { problem: "Invalid qrFormat" };
    if (size !== undefined && size !== null) {
      if (typeof size !== "number" || !Number.isInteger(size) || size < 100 || size > 2000) {
        return { problem: "Invalid qrFormat.size" };
      }
    }
    if (userFlow === "QR") qrFormat = format as FakeQrFormat;
  }
  // "If `userFlow` is `QR` and `qrFormat` is not set, the QR code image will be returned as `SVG+XML`".
  if (userFlow === "QR") qrFormat ??= "IMAGE/SVG+XML";
  const interaction = body.customerInteraction ?? "CUSTOMER_NOT_PRESENT";
  if (interaction !== "CUSTOMER_PRESENT" && interaction !== "CUSTOMER_NOT_PRESENT") {
    return { problem: "Invalid customerInteraction" };
  }
  if (body.expiresAt !== undefined && body.expiresAt !== null) {
    // "Can only be combined with `userFlow: PUSH_MESSAGE` or `userFlow: QR`", "more than 10 minutes and
    // less than 28 days in the future", "If `ExpiresAt` is set, `receipt` also must be set."
    const at = Date.parse(String(body.expiresAt));
    const ahead = at - Date.now();
    if (userFlow !== "PUSH_MESSAGE" && userFlow !== "QR") return { problem: "expiresAt needs QR or PUSH" };
    if (Number.isNaN(at) || ahead <= 10 * 60_000 || ahead >= 28 * 24 * 3_600_000) {
      return { problem: "Invalid expiresAt" };
    }
    if (!isObject(body.receipt)) return { problem: "expiresAt needs a receipt" };
  }
  const description = body.paymentDescription;
  // `paymentDescription`: `minLength: 3`, `maxLength: 100`.
  if (description !== undefined && (typeof description !== "string" || !/^.{3,100}$/su.test(description))) {
    return { problem: "Invalid paymentDescription" };
  }
  return {
    reference,
    value,
    userFlow: userFlow as FakeUserFlow,
    returnUrl,
    phoneNumber,
    qrFormat,
    customerInteraction: interaction,
    description: typeof description === "string" ? description : "",
  };
}
