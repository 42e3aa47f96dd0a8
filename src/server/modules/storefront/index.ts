/** What other modules may use of the storefront module: its front door (decision 0075). */
export { storefrontRoutes } from "./routes";
export { getPublicStoreBySlug } from "./service";
