import { OrdersPage as Orders } from "../../features/orders";

/** /orders: every order of the seller's stores. */
export function OrdersPage() {
  return <Orders />;
}
