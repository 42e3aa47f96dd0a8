/**
 * The dashboard's own blocks (decision 0027): the one file of this folder that code outside it may import.
 * src/web/pages/dashboard puts them together with the stores' and orders' blocks.
 */
export { QuickActionsCard } from "./components/quick-actions-card";
export { SummaryCards } from "./components/summary-cards";
