import type { ProductView } from "../../../../shared/product";

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, n) => value === b[n]);

/** The values the page starts with: the first variant that can be bought, else the first one. */
export function initialChoice(product: ProductView): string[] {
  const first = product.variants.find((variant) => variant.available) ?? product.variants[0];
  return first ? [...first.values] : product.options.map((option) => option.values[0] ?? "");
}

/**
 * What the shopper's choice means (decision 0032): the variant it names (none when the seller does not
 * offer that combination), its price and what is left. A product without options is its own choice.
 */
export function chosen(product: ProductView, values: readonly string[]) {
  if (product.options.length === 0) {
    return { variant: null, offered: true, price: product.basePrice, stockQty: product.stockQty };
  }
  const variant = product.variants.find((candidate) => sameValues(candidate.values, values)) ?? null;
  return {
    variant,
    offered: variant !== null,
    price: variant?.price ?? product.basePrice,
    stockQty: variant ? variant.stockQty : 0,
  };
}

/** Whether picking `value` for option `index` (the others as chosen) names a variant that is not sold out. */
export function valueAvailable(
  product: ProductView,
  values: readonly string[],
  index: number,
  value: string,
) {
  const next = values.map((current, n) => (n === index ? value : current));
  return product.variants.some((variant) => sameValues(variant.values, next) && variant.available);
}
