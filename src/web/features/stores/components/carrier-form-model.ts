import { type CarrierSettingsView, carrierSettingsSchema } from "../../../../shared/carrier-settings";
import { wholeKroner } from "../../../../shared/money";
import { BRING_SERVICES, type BringServiceCode } from "../../../../shared/shipping";

/**
 * The Bring card's form as typed (decision 0079): text for every number, one row per Bring service with
 * a tick and an optional own price. `toInput` makes the body of PUT /api/stores/{id}/carrier and
 * `checkCarrierForm` checks it with the server's own schema, so the rules live in one place.
 */
export interface CarrierFormValues {
  apiUid: string;
  /** Empty: keep the saved key (it is never read back). */
  apiKey: string;
  customerNumber: string;
  sender: { name: string; street: string; postalCode: string; city: string };
  services: { code: BringServiceCode; offered: boolean; price: string }[];
  defaultWeightGrams: string;
  freeAbove: string;
  fulfilOnDelivery: boolean;
}

/** A new connection's services: all three at Bring's price, a packed piece of about a kilo. */
export function carrierFormValues(saved: CarrierSettingsView | null): CarrierFormValues {
  const offered = new Map(saved?.services.map((service) => [service.code, service.price]));
  return {
    apiUid: saved?.apiUid ?? "",
    apiKey: "",
    customerNumber: saved?.customerNumber ?? "",
    sender: saved?.sender ?? { name: "", street: "", postalCode: "", city: "" },
    services: BRING_SERVICES.map(({ code }) => {
      const price = offered.get(code);
      return {
        code,
        offered: saved ? offered.has(code) : true,
        price: price == null ? "" : String(wholeKroner(price)),
      };
    }),
    defaultWeightGrams: String(saved?.defaultWeightGrams ?? 1000),
    freeAbove: saved?.freeAbove == null ? "" : String(wholeKroner(saved.freeAbove)),
    fulfilOnDelivery: saved?.fulfilOnDelivery ?? false,
  };
}

/** "1000" as a number; anything else as typed, for the schema to refuse with its own message. */
const wholeNumber = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

export function toInput(values: CarrierFormValues) {
  return {
    provider: "bring" as const,
    apiUid: values.apiUid.trim(),
    ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
    customerNumber: values.customerNumber.trim(),
    sender: {
      name: values.sender.name.trim(),
      street: values.sender.street.trim(),
      postalCode: values.sender.postalCode.trim(),
      city: values.sender.city.trim(),
    },
    services: values.services
      .filter((service) => service.offered)
      .map((service) => ({ code: service.code, price: service.price.trim() || null })),
    defaultWeightGrams: wholeNumber(values.defaultWeightGrams),
    freeAbove: values.freeAbove.trim() || null,
    fulfilOnDelivery: values.fulfilOnDelivery,
  };
}

/** A form field's name as react-hook-form knows it. */
export type CarrierFieldName =
  | "apiUid"
  | "apiKey"
  | "customerNumber"
  | `sender.${keyof CarrierFormValues["sender"]}`
  | `services.${number}.price`
  | "services"
  | "defaultWeightGrams"
  | "freeAbove";

/**
 * The server's schema on what the form would send, its messages at the fields they belong to. A first
 * connection needs a key (the schema leaves it optional: a later save keeps the saved one).
 */
export function checkCarrierForm(values: CarrierFormValues, connected: boolean) {
  const errors: { field: CarrierFieldName; message: string }[] = [];
  const input = toInput(values);
  if (!connected && !input.apiKey) errors.push({ field: "apiKey", message: "errors.carrierKeyRequired" });
  const parsed = carrierSettingsSchema.safeParse(input);
  for (const issue of parsed.error?.issues ?? []) {
    const [first, second, third] = issue.path;
    if (first === "sender" && typeof second === "string") {
      errors.push({ field: `sender.${second}` as CarrierFieldName, message: issue.message });
    } else if (first === "services" && typeof second === "number" && third === "price") {
      // The index is among the offered services: back to the form's row of that service.
      const code = input.services[second]?.code;
      const row = values.services.findIndex((service) => service.code === code);
      errors.push({ field: `services.${row}.price`, message: issue.message });
    } else if (first === "services") {
      errors.push({ field: "services", message: issue.message });
    } else if (typeof first === "string") {
      errors.push({ field: first as CarrierFieldName, message: issue.message });
    }
  }
  return { input: parsed.success ? input : undefined, errors };
}
