/** What other modules may use of the stores module: its front door (decision 0075). */
export { contactEmailSql, contactEmailSqlText } from "./contact-email";
export { storeRoutes } from "./routes";
export {
  getStoreSummary,
  insertStore,
  legalDetailsOf,
  slugTaken,
  softDeleteStores,
  suggestFreeSlug,
} from "./service";
