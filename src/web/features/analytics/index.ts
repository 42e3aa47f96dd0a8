/**
 * The analytics feature's public entry (decision 0027): the one file of this folder that code outside it
 * may import. src/web/pages/analytics mounts the page.
 */
export { AnalyticsPage } from "./components/analytics";
