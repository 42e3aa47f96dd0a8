import type { Catalogue } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import type { ShopPage } from "../../shared/storefront";

/** Everything a server-rendered shop page hands to the browser, in one JSON script element. */
export interface ShopState {
  page: ShopPage;
  language: Language;
  /** The page's texts in its language only: the storefront never downloads the dashboard's. */
  catalogue: Catalogue;
}

export const SHOP_STATE_ELEMENT_ID = "shop-state";
