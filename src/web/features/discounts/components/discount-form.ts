import type { DiscountKind, DiscountState, DiscountView } from "../../../../shared/discount";
import { wholeKroner } from "../../../../shared/money";
import { isoToOsloInput, osloInputToIso } from "../oslo-time";

/** The dialog's fields as typed: numbers are text, the window is an Oslo date and time each. */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  value: string;
  minOrderTotal: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  maxUses: string;
  onePerShopper: boolean;
  productIds: string[];
}
export type DiscountField = keyof DiscountFormValues;

export function formValuesOf(code: DiscountView | null): DiscountFormValues {
  const start = code?.startsAt ? isoToOsloInput(code.startsAt) : { date: "", time: "" };
  const end = code?.endsAt ? isoToOsloInput(code.endsAt) : { date: "", time: "" };
  return {
    code: code?.code ?? "",
    kind: code?.kind ?? "percent",
    value: code ? valueText(code) : "",
    minOrderTotal: code?.minOrderTotal ? String(wholeKroner(code.minOrderTotal)) : "",
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    maxUses: code?.maxUses ? String(code.maxUses) : "",
    onePerShopper: code?.onePerShopper ?? false,
    productIds: code?.productIds ?? [],
  };
}

/** "10.00" of a percentage as "10"; an amount as the seller typed it ("50", or "49.50" with øre). */
function valueText(code: Pick<DiscountView, "kind" | "value">): string {
  if (code.kind === "free_delivery") return "";
  if (code.kind === "percent") return String(Math.trunc(Number(code.value)));
  return code.value.replace(/\.00$/, "");
}

/** An Oslo date and time as an instant; what is not one is sent as typed, for the schema to refuse. */
function instant(date: string, time: string): string | null {
  if (!date.trim()) return null;
  return osloInputToIso(date.trim(), time.trim()) ?? `${date} ${time}`;
}

/**
 * The body for POST/PUT, which discountInputSchema reads on both sides: the form checks it before
 * sending, the server again. Empty optional fields are null; the state is the code's own (a new code is
 * active), since pausing and ending are the list's actions.
 */
export function discountBodyOf(values: DiscountFormValues, state: DiscountState = "active") {
  const maxUses = values.maxUses.trim();
  return {
    code: values.code.trim(),
    kind: values.kind,
    ...(values.kind === "free_delivery" ? {} : { value: values.value.trim() }),
    minOrderTotal: values.minOrderTotal.trim() || null,
    startsAt: instant(values.startDate, values.startTime),
    endsAt: instant(values.endDate, values.endTime),
    maxUses: maxUses === "" ? null : /^\d+$/.test(maxUses) ? Number(maxUses) : maxUses,
    onePerShopper: values.onePerShopper,
    productIds: values.productIds.length > 0 ? values.productIds : null,
    state,
  };
}

/** The body of a code as it stands, with another state: pause, resume and end replace only that. */
export function discountBodyWithState(code: DiscountView, state: DiscountState) {
  return discountBodyOf(formValuesOf(code), state);
}

/** The form field a schema issue or a server refusal is about (the window's dates stand for it). */
export function fieldOfPath(path: string | number | undefined): DiscountField | undefined {
  switch (path) {
    case "startsAt":
      return "startDate";
    case "endsAt":
      return "endDate";
    case "code":
    case "kind":
    case "value":
    case "minOrderTotal":
    case "maxUses":
    case "productIds":
      return path;
    default:
      return undefined;
  }
}
