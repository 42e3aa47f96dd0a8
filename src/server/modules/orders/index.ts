/** What other modules may use of the orders module: its front door (decision 0075). */
export { HELD_UNTIL } from "./held-messages";
export { orderEffects } from "./payment-effects";
export { getPublicOrder } from "./public-order";
export { publicOrderRoutes } from "./public-routes";
export { orderRoutes } from "./routes";
export {
  countOrders,
  listOrders,
  monthRevenue,
  REVENUE_STATUSES,
  toOrderItemView,
  toOrderView,
} from "./service";
