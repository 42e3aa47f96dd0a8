/**
 * The discounts feature's public entry (decision 0072): the store page's Discounts tab, which
 * src/web/pages/stores/store-detail.tsx hands to the stores feature.
 */
export { DiscountsTab } from "./components/discounts-tab";
