import { type DisplayPrice, displayPrice } from "../../../../shared/display-price";
import type { ProductView } from "../../../../shared/product";

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, n) => value === b[n]);

/** An option with no value chosen yet. */
const NONE = "";

/**
 * The values the page starts with. When the variants cost different amounts nothing is chosen: the page
 * shows "from" the lowest price (decision 0060) rather than one variant's price as if it were the
 * product's, and the shopper picks. Otherwise the first variant that can be bought, else the first one.
 */
export function initialChoice(product: ProductView): string[] {
  if (product.options.length > 0 && displayPrice(product).from) return product.options.map(() => NONE);
  const first = product.variants.find((variant) => variant.available) ?? product.variants[0];
  return first ? [...first.values] : product.options.map((option) => option.values[0] ?? "");
}

export interface Choice {
  /** The variant the values name (none when the seller does not offer that combination, or yet). */
  variant: ProductView["variants"][number] | null;
  /** Every option has a value: until then there is nothing to add to the cart. */
  complete: boolean;
  /** The seller offers the combination (true until it is complete). */
  offered: boolean;
  /** The price shown: the variant's, or before a choice the product's (displayPrice). */
  price: Pick<DisplayPrice, "amount" | "from">;
  /** What is left of the choice (null: unlimited); before a choice, of the product. */
  stockQty: number | null;
}

/**
 * What the shopper's choice means (decision 0032): the variant it names, its price and what is left. A
 * product without options is its own choice.
 */
export function chosen(product: ProductView, values: readonly string[]): Choice {
  if (product.options.length === 0) {
    const price = { amount: product.basePrice, from: false };
    return { variant: null, complete: true, offered: true, price, stockQty: product.stockQty };
  }
  if (values.some((value) => value === NONE)) {
    const { amount, from } = displayPrice(product);
    const stockQty = product.available ? product.stockQty : 0;
    return { variant: null, complete: false, offered: true, price: { amount, from }, stockQty };
  }
  const variant = product.variants.find((candidate) => sameValues(candidate.values, values)) ?? null;
  return {
    variant,
    complete: true,
    offered: variant !== null,
    price: { amount: variant?.price ?? product.basePrice, from: false },
    stockQty: variant ? variant.stockQty : 0,
  };
}

/**
 * Whether picking `value` for option `index` (the others as chosen) can name a variant that is not sold
 * out; an option not chosen yet may be any of its values.
 */
export function valueAvailable(
  product: ProductView,
  values: readonly string[],
  index: number,
  value: string,
) {
  const next = values.map((current, n) => (n === index ? value : current));
  return product.variants.some(
    (variant) =>
      variant.available &&
      variant.values.length === next.length &&
      variant.values.every((candidate, n) => next[n] === NONE || next[n] === candidate),
  );
}
