import { ProductEditPage as ProductEdit } from "../../features/products";

/** /product-edit/{id}. */
export function ProductEditPage() {
  return <ProductEdit />;
}
