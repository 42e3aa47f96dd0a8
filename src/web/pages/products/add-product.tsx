import { AddProductPage as AddProduct } from "../../features/products";

/** /stores/{id}/add-product. */
export function AddProductPage() {
  return <AddProduct />;
}
