/** What other modules may use of the products module: its front door (decision 0075). */
export { productColumns } from "./columns";
export { productImageRoutes } from "./image-routes";
export { productRoutes } from "./routes";
export type { NewProduct } from "./service";
export {
  cachedPublicProduct,
  countProducts,
  getProductWithStoreLocale,
  insertProduct,
  listStoreProducts,
  loadProductViews,
  pageStoreProducts,
} from "./service";
