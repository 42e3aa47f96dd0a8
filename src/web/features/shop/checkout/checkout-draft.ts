import type { AppliedCodes } from "./price-codes";

/**
 * What the shopper has typed in the checkout, kept in this tab's sessionStorage so a reload (or closing
 * and opening the checkout) does not make her type it again: name, e-mail, phone, address and, per store,
 * the delivery option chosen and the discount and gift card codes applied. Not the terms box: she confirms those for each order. sessionStorage ends
 * with the tab, so the details do not outlive the visit on a shared computer, and placing the order
 * forgets them at once.
 */
const STORAGE_KEY = "torg.checkoutDraft";

export const DRAFT_FIELDS = [
  "shipToName",
  "buyerEmail",
  "shipToPhone",
  "address",
  "street",
  "post",
  "city",
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

export interface CheckoutDraft {
  fields: Partial<Record<DraftField, string>>;
  /** The delivery option chosen, by store slug: each store has its own options. */
  delivery: Record<string, string>;
  /** The codes applied, by store slug: a code is one store's. */
  codes: Record<string, AppliedCodes>;
}

function emptyDraft(): CheckoutDraft {
  return { fields: {}, delivery: {}, codes: {} };
}

function parseCodes(value: unknown): AppliedCodes {
  const codes: AppliedCodes = {};
  if (!value || typeof value !== "object") return codes;
  for (const kind of ["discountCode", "giftCardCode"] as const) {
    const code = (value as Record<string, unknown>)[kind];
    if (typeof code === "string" && code) codes[kind] = code;
  }
  return codes;
}

export function readCheckoutDraft(): CheckoutDraft {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== "object") return emptyDraft();
    const { fields, delivery, codes } = parsed as Partial<Record<keyof CheckoutDraft, unknown>>;
    const draft = emptyDraft();
    if (fields && typeof fields === "object") {
      for (const name of DRAFT_FIELDS) {
        const value = (fields as Record<string, unknown>)[name];
        if (typeof value === "string") draft.fields[name] = value;
      }
    }
    if (delivery && typeof delivery === "object") {
      for (const [slug, id] of Object.entries(delivery))
        if (typeof id === "string") draft.delivery[slug] = id;
    }
    if (codes && typeof codes === "object") {
      for (const [slug, applied] of Object.entries(codes)) draft.codes[slug] = parseCodes(applied);
    }
    return draft;
  } catch {
    // Storage refused (some private modes) or a value that is not ours: start empty.
    return emptyDraft();
  }
}

/** Keeps the fields as typed now, and the store's delivery choice when there is one. */
export function saveCheckoutDraft(
  storeSlug: string,
  values: Partial<Record<DraftField | "deliveryOptionId", string | undefined>>,
) {
  const draft = readCheckoutDraft();
  for (const name of DRAFT_FIELDS) {
    const value = values[name];
    if (value) draft.fields[name] = value;
    else delete draft.fields[name];
  }
  if (values.deliveryOptionId) draft.delivery[storeSlug] = values.deliveryOptionId;
  writeDraft(draft);
}

/** Keeps the store's applied codes (none: forgets them). */
export function saveCheckoutCodes(storeSlug: string, codes: AppliedCodes) {
  const draft = readCheckoutDraft();
  if (codes.discountCode || codes.giftCardCode) draft.codes[storeSlug] = codes;
  else delete draft.codes[storeSlug];
  writeDraft(draft);
}

function writeDraft(draft: CheckoutDraft) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Not kept: the form works as before, it just starts empty after a reload.
  }
}

/** Forgets everything: the order is placed. */
export function clearCheckoutDraft() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
