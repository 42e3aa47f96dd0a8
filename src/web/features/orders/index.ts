/**
 * The orders feature's public entry (decision 0027): the one file of this folder that code outside it may
 * import. The route pages under src/web/pages/orders mount its pages; the dashboard shows RecentOrders.
 */
export { OrderPage } from "./components/order-page";
export { OrdersPage } from "./components/orders";
export { RecentOrders } from "./components/recent-orders";
export { StoreOrdersPage } from "./components/store-orders";
