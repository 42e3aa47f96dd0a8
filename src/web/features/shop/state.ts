import type { Catalogue } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import type { ShopPage } from "../../../shared/storefront";

/** What the server renders a shop page from. */
export interface ShopState {
  page: ShopPage;
  language: Language;
  /** The page's texts in its language only: the storefront never downloads the dashboard's. */
  catalogue: Catalogue;
}

/**
 * What a server-rendered shop page hands to the browser (src/web/lib/page-state.ts): its state with the
 * texts as the address of their file, which the browser keeps from page to page (decision 0048).
 */
export interface ShopPageState extends Omit<ShopState, "catalogue"> {
  texts: string;
}
