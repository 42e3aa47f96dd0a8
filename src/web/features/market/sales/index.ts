export { MarketSalesPage } from "./sales-page";
