import type { Catalogue } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import type { ShopPage } from "../../../shared/storefront";

/** Everything a server-rendered shop page hands to the browser (src/web/lib/page-state.ts). */
export interface ShopState {
  page: ShopPage;
  language: Language;
  /** The page's texts in its language only: the storefront never downloads the dashboard's. */
  catalogue: Catalogue;
}
