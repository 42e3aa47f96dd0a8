/**
 * The server's one way into the web code (decision 0031): the React renderers of the server-rendered
 * pages (decision 0018), the state they take and the catalogues they speak. No other server module
 * imports from src/web (Biome refuses it), so what the server depends on in the client is this list.
 */
export { renderAccountPage } from "../../web/account/render";
export type { AccountState, RetentionPeriods } from "../../web/account/state";
export { renderShopPage, type ShopPageState, type ShopState } from "../../web/features/shop";
export { accountCatalogue, privacyCatalogue, shopCatalogue } from "../../web/lib/page-catalogues";
export { PAGE_STATE_ELEMENT_ID } from "../../web/lib/page-state";
