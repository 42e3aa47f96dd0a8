/** What other modules may use of the discounts module: its front door (decision 0075). */
export { discountRoutes } from "./routes";
export { listDiscounts } from "./service";
