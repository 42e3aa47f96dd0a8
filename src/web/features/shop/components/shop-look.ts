import type { ShopBrand } from "../../../../shared/brand";
import { DEFAULT_BRAND_COLOR } from "../../../../shared/brand-color";

/**
 * Whether the seller gave the shop a colour of its own (decision 0080). The page's buttons, links and
 * faces follow the brand's CSS variables either way; the bolder marks (a band in the colour, the drawn
 * header in it instead of the store's hue) only when the seller chose one, so a shop without a look is
 * drawn as it always was.
 */
export const hasOwnLook = (brand: Pick<ShopBrand, "brandColor"> | null | undefined) =>
  !!brand && brand.brandColor.toLowerCase() !== DEFAULT_BRAND_COLOR;
