import { fromOre, toOre } from "./money";
import { priceField } from "./product";
import { singleLineText } from "./text";
import { z } from "./zod";

/**
 * Discount codes (decision 0076). A seller's code takes a percentage or an amount off the products it is
 * for, or makes the delivery free; it may have a window, a minimum, a number of uses and one use per
 * shopper. These are the rules both sides use: the seller's form, the checkout's pricing step
 * (src/server/modules/checkout/price.ts) and the cart's preview all call `applyDiscount`.
 */
export const DISCOUNT_KINDS = ["percent", "amount", "free_delivery"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_STATES = ["active", "paused", "ended"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

/** Letters, digits, "-" and "_": what a shopper can type from a flyer or an Instagram post. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const MAX_DISCOUNT_PRODUCTS = 200;
export const MAX_DISCOUNT_USES = 1_000_000;

/** How a code is matched: the same letters in any case, no surrounding spaces. */
export const discountCodeKey = (code: string) => code.trim().toLowerCase();

/** Why a code does not apply, each with its own message for the shopper (errors.discount*). */
export const DISCOUNT_REFUSALS = [
  "discountUnknown",
  "discountPaused",
  "discountNotStarted",
  "discountEnded",
  "discountUsedUp",
  "discountAlreadyUsed",
  "discountBelowMinimum",
  "discountNotForProducts",
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

const instant = z.iso.datetime({ offset: true, message: "errors.discountDateInvalid" });

/** A code as the seller saves it: POST /api/stores/{id}/discounts and PUT /api/discounts/{id}. */
export const discountInputSchema = z
  .object({
    code: singleLineText("errors.discountCodeInvalid").regex(
      DISCOUNT_CODE_PATTERN,
      "errors.discountCodeInvalid",
    ),
    kind: z.enum(DISCOUNT_KINDS, "errors.discountKindInvalid"),
    /** percent: a whole number 1–100; amount: kroner; free_delivery: ignored (0). */
    value: z
      .union([singleLineText("errors.discountValueInvalid"), z.number()], "errors.discountValueInvalid")
      .optional(),
    minOrderTotal: priceField("errors.discountMinimumInvalid").nullable().optional(),
    startsAt: instant.nullable().optional(),
    endsAt: instant.nullable().optional(),
    maxUses: z
      .number("errors.discountMaxUsesInvalid")
      .int("errors.discountMaxUsesInvalid")
      .min(1, "errors.discountMaxUsesInvalid")
      .max(MAX_DISCOUNT_USES, "errors.discountMaxUsesInvalid")
      .nullable()
      .optional(),
    onePerShopper: z.boolean("errors.invalidInput").optional(),
    productIds: z
      .array(z.string().uuid("errors.productUnavailable"), "errors.invalidInput")
      .max(MAX_DISCOUNT_PRODUCTS, "errors.discountTooManyProducts")
      .nullable()
      .optional(),
    /** Pause, resume or end a code; absent on create (active). */
    state: z.enum(DISCOUNT_STATES, "errors.invalidInput").optional(),
  })
  .transform((input, context) => {
    const value = discountValue(input.kind, input.value);
    if (value === undefined) {
      context.addIssue({ code: "custom", path: ["value"], message: "errors.discountValueInvalid" });
      return z.NEVER;
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "errors.discountEndBeforeStart" });
      return z.NEVER;
    }
    return {
      code: input.code.trim(),
      kind: input.kind,
      value,
      minOrderTotal: input.minOrderTotal ?? null,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      maxUses: input.maxUses ?? null,
      onePerShopper: input.onePerShopper ?? false,
      productIds: input.productIds && input.productIds.length > 0 ? [...new Set(input.productIds)] : null,
      state: input.state ?? "active",
    };
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

/** The value a kind keeps, as numeric text: "10.00" for 10 %, "50.00" for 50 kr, "0.00" for free delivery. */
export function discountValue(kind: DiscountKind, value: string | number | undefined): string | undefined {
  if (kind === "free_delivery") return "0.00";
  if (value === undefined || value === "") return undefined;
  const text = String(value).trim().replace(",", ".");
  if (kind === "percent") {
    if (!/^\d{1,3}$/.test(text)) return undefined;
    const percent = Number(text);
    return percent >= 1 && percent <= 100 ? `${percent}.00` : undefined;
  }
  if (!/^\d{1,8}([.]\d{1,2})?$/.test(text)) return undefined;
  const ore = toOre(text);
  return ore > 0 ? fromOre(ore) : undefined;
}

/** A code as its seller reads it (GET /api/stores/{id}/discounts): the input, with how it has done. */
export const discountViewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.string(),
  minOrderTotal: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  onePerShopper: z.boolean(),
  productIds: z.array(z.string()).nullable(),
  state: z.enum(DISCOUNT_STATES),
  /** Orders that hold a use (a cancelled order gave its use back). */
  uses: z.number(),
  /** What the code's orders took off, in kroner (exact). */
  discountTotal: z.string(),
  /** What the code's orders paid, gift cards included, cancelled orders left out. */
  revenue: z.string(),
  /** Whether a shopper can use it now: active, in its window and not used up. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type DiscountView = z.infer<typeof discountViewSchema>;

/** A code as the checkout prices with it. Amounts in øre; times in ms since the epoch. */
export interface DiscountRule {
  kind: DiscountKind;
  /** percent: the whole percentage; amount: øre; free_delivery: 0. */
  value: number;
  minOrderOre: number | null;
  startsAt: number | null;
  endsAt: number | null;
  maxUses: number | null;
  uses: number;
  onePerShopper: boolean;
  state: DiscountState;
  /** null: every product. */
  productIds: readonly string[] | null;
}

/** Whether a shopper can use the code at `now`, leaving out the per-order rules (minimum, products). */
export function discountAvailability(rule: DiscountRule, now: number): DiscountRefusal | undefined {
  if (rule.state === "ended") return "discountEnded";
  if (rule.state === "paused") return "discountPaused";
  if (rule.startsAt !== null && now < rule.startsAt) return "discountNotStarted";
  if (rule.endsAt !== null && now >= rule.endsAt) return "discountEnded";
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return "discountUsedUp";
  return undefined;
}

/** What a code does to one order: the øre off the goods, and whether the delivery is free. */
export type DiscountEffect =
  | { ok: true; goodsOffOre: number; freeDelivery: boolean }
  | { ok: false; refusal: DiscountRefusal };

/**
 * Applies a code to an order's product lines (gift cards bought are never discounted). The minimum is
 * taken from all the products' gross before the discount; a percentage is taken from the lines it is for,
 * rounded half up to the øre; an amount never takes more than those lines. `usedByShopper`: the buyer's
 * e-mail already holds a use of a one-per-shopper code.
 */
export function applyDiscount(
  rule: DiscountRule,
  order: { lines: readonly { productId: string; grossOre: number }[]; now: number; usedByShopper?: boolean },
): DiscountEffect {
  const unavailable = discountAvailability(rule, order.now);
  if (unavailable) return { ok: false, refusal: unavailable };
  if (rule.onePerShopper && order.usedByShopper) return { ok: false, refusal: "discountAlreadyUsed" };
  const goodsOre = order.lines.reduce((sum, line) => sum + line.grossOre, 0);
  if (rule.minOrderOre !== null && goodsOre < rule.minOrderOre)
    return { ok: false, refusal: "discountBelowMinimum" };
  const eligible = rule.productIds
    ? order.lines.filter((line) => rule.productIds?.includes(line.productId))
    : order.lines;
  if (eligible.length === 0) return { ok: false, refusal: "discountNotForProducts" };
  const eligibleOre = eligible.reduce((sum, line) => sum + line.grossOre, 0);
  if (rule.kind === "free_delivery") return { ok: true, goodsOffOre: 0, freeDelivery: true };
  const off =
    rule.kind === "percent"
      ? Math.floor((2 * eligibleOre * rule.value + 100) / 200)
      : Math.min(rule.value, eligibleOre);
  return { ok: true, goodsOffOre: Math.min(off, eligibleOre), freeDelivery: false };
}

/** The rule of a code as read from the database (numeric text, ISO or Date times). */
export function discountRuleOf(row: {
  kind: string;
  value: string;
  min_order_total: string | null;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  max_uses: number | null;
  uses: number;
  one_per_shopper: boolean;
  state: string;
  product_ids: readonly string[] | null;
}): DiscountRule {
  const time = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());
  const kind = row.kind as DiscountKind;
  return {
    kind,
    value: kind === "percent" ? Math.trunc(Number(row.value)) : toOre(row.value),
    minOrderOre: row.min_order_total === null ? null : toOre(row.min_order_total),
    startsAt: time(row.starts_at),
    endsAt: time(row.ends_at),
    maxUses: row.max_uses,
    uses: row.uses,
    onePerShopper: row.one_per_shopper,
    state: row.state as DiscountState,
    productIds: row.product_ids && row.product_ids.length > 0 ? row.product_ids : null,
  };
}
