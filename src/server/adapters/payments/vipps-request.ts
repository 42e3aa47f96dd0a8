import { type CreatePaymentInput, PAYMENT_CURRENCY, PaymentProviderError } from "./payments";

/**
 * The ePayment API's `CreatePaymentRequest` for one attempt, by how the shopper meets it (decision 0077).
 * Field names in quotes are the ePayment API v1 reference's ("Create payment", `POST /epayment/v1/payments`).
 *
 * - Web shop: `"userFlow": "WEB_REDIRECT"` with `returnUrl` ("If `userFlow` is `WEB_REDIRECT`, a valid value
 *   for `returnUrl` is required").
 * - Stall QR: `"userFlow": "QR"` ("`QR` returns a QR code that can be scanned to complete the payment") with
 *   `"qrFormat": { "format": "TEXT/TARGETURL" }`: the answer's `redirectUrl` is then the QR's target URL
 *   ("When `userFlow` is `QR`, a link to the QR image (or the target URL) will be returned"), which Torg
 *   draws itself, big, on the seller's screen. No `returnUrl`: the shopper ends on the app's own receipt
 *   ("the user will be sent to the receipt view in the Vipps app once the payment is complete").
 *   Vipps asks to approve the styling of a QR a merchant draws itself (QR API, "It is possible to create
 *   your own QR code with the `qrContent`. This will require an approval from Vipps before use").
 * - Stall push: `"userFlow": "PUSH_MESSAGE"` ("to skip the landing page for payments initiated on a device
 *   other than the user's phone ... This requires a valid `customer` field") with
 *   `"customer": { "phoneNumber" }` in MSISDN form ("Digits only: Country code and subscriber number, but
 *   no prefix", `^\d{10,15}$`); this is the "manual POS" case the reference allows, the cashier typing in
 *   the number the customer gives.
 * - Both stall flows say `"customerInteraction": "CUSTOMER_PRESENT"` ("the customer is physically present
 *   at the point of sale when the payment is made"; the in-store flows: "Per regulations, specify
 *   `"customerInteraction": "CUSTOMER_PRESENT"`").
 *
 * No `expiresAt`: it is for long-living payments ("more than 10 minutes ... in the future"); a stall payment
 * keeps the default lifetime (Timeouts: "By default, a user has a total of 10 minutes to accept a payment").
 */
export function createPaymentBody(input: CreatePaymentInput): Record<string, unknown> {
  const flow = input.userFlow ?? { kind: "web_redirect" };
  const amount = { currency: PAYMENT_CURRENCY, value: input.amountOre };
  // `paymentDescription`: 3 to 100 characters, shown in the app.
  const paymentDescription = input.description.slice(0, 100).padEnd(3, ".");
  switch (flow.kind) {
    case "web_redirect":
      return {
        amount,
        paymentMethod: { type: "WALLET" },
        reference: input.reference,
        returnUrl: input.returnUrl,
        userFlow: "WEB_REDIRECT",
        paymentDescription,
      };
    case "qr":
      return {
        amount,
        paymentMethod: { type: "WALLET" },
        reference: input.reference,
        userFlow: "QR",
        qrFormat: { format: "TEXT/TARGETURL" },
        customerInteraction: "CUSTOMER_PRESENT",
        paymentDescription,
      };
    case "push_message":
      return {
        amount,
        paymentMethod: { type: "WALLET" },
        customer: { phoneNumber: msisdnOf(flow.phone) },
        reference: input.reference,
        userFlow: "PUSH_MESSAGE",
        customerInteraction: "CUSTOMER_PRESENT",
        paymentDescription,
      };
  }
}

/**
 * An E.164 number ("+4791234567") as the ePayment `phoneNumber` wants it: MSISDN, "Digits only: Country code
 * and subscriber number, but no prefix" (`^\d{10,15}$`, "(+47) 91 23 45 67 ... is `4791234567`").
 */
export function msisdnOf(e164: string): string {
  const digits = e164.replace(/^\+/, "");
  if (!e164.startsWith("+") || !/^\d{10,15}$/.test(digits)) {
    throw new PaymentProviderError("vipps", "the shopper's phone is not an E.164 number Vipps can take");
  }
  return digits;
}
