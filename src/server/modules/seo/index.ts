/** What other modules may use of the seo module: its front door (decision 0075). */
export { seoRoutes } from "./routes";
export { productStructuredData, storefrontStructuredData } from "./structured-data";
