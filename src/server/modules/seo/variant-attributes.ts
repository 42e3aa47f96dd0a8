import type { ProductOption, ProductVariantView } from "../../../shared/product";

/**
 * The variant-defining attributes search engines and catalogues know by name: Google's product variant
 * structured data names them in `variesBy` (https://schema.org/size, /color, /material, /pattern), and
 * the Merchant Center and Meta feeds have `g:size`, `g:color`, `g:material` and `g:pattern`.
 */
export type VariantAttribute = "size" | "color" | "material" | "pattern";

/** What sellers call those options in Torg's four languages (en, nb, sv, da), compared without case. */
const OPTION_NAMES: Record<VariantAttribute, readonly string[]> = {
  size: ["size", "størrelse", "storlek", "str", "str."],
  color: ["color", "colour", "farge", "färg", "farve"],
  material: ["material", "materiale", "materialer"],
  pattern: ["pattern", "mønster", "mönster"],
};

/** The attribute a seller's option stands for, if it is one of the known ones. */
export function attributeOfOption(option: Pick<ProductOption, "name">): VariantAttribute | undefined {
  const name = option.name.trim().toLocaleLowerCase("nb");
  return (Object.keys(OPTION_NAMES) as VariantAttribute[]).find((attribute) =>
    OPTION_NAMES[attribute].includes(name),
  );
}

/** A variant's values for the known attributes (a seller's "Glaze" option has no name outside Torg). */
export function variantAttributes(
  options: readonly ProductOption[],
  variant: Pick<ProductVariantView, "values">,
): Partial<Record<VariantAttribute, string>> {
  const attributes: Partial<Record<VariantAttribute, string>> = {};
  options.forEach((option, n) => {
    const attribute = attributeOfOption(option);
    const value = variant.values[n];
    if (attribute && value && !attributes[attribute]) attributes[attribute] = value;
  });
  return attributes;
}
