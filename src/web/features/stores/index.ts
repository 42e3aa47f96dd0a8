/**
 * The stores feature's public entry (decision 0027): the one file of this folder that code outside it may
 * import. The route pages under src/web/pages/stores mount its pages; the dashboard shows YourStores.
 */
export { CreateStorePage } from "./components/create-store";
export { StoreDetailPage } from "./components/store-detail";
export { StoreListPage } from "./components/store-list";
export { YourStores } from "./components/your-stores";
