/** What other modules may use of the products module: its front door (decision 0075). */
export { productColumns } from "./columns";
export { productImageRoutes } from "./image-routes";
export {
  countProducts,
  getProductWithStoreLocale,
  listStoreProducts,
  loadProductViews,
  pageStoreProducts,
} from "./queries";
export { productRoutes } from "./routes";
export { cachedPublicProduct } from "./service";
export { insertProduct, type NewProduct } from "./writes";
