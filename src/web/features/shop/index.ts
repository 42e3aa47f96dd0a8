/**
 * The shop's public entry (decision 0027): the one file of this folder that code outside it may import.
 * No page of the workspace uses the shop; the server renders its pages (src/server/pages/render.ts),
 * and shop.html loads main.tsx, which takes them over in the browser.
 */
export { renderShopPage } from "./render";
export type { ShopPageState, ShopState } from "./state";
