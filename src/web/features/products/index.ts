/**
 * The products feature's public entry (decision 0027): the one file of this folder that code outside it may
 * import. The route pages under src/web/pages/products mount its pages.
 */
export { AddProductPage } from "./components/add-product";
export { ProductEditPage } from "./components/product-edit";
