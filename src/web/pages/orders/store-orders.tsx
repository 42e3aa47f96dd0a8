import { StoreOrdersPage as StoreOrders } from "../../features/orders";

/** /stores/{id}/orders. */
export function StoreOrdersPage() {
  return <StoreOrders />;
}
