import { OrderPage as Order } from "../../features/orders";

/** /order/{id}. */
export function OrderPage() {
  return <Order />;
}
