/** What other modules may use of the quickstore module: its front door (decision 0076). */
export { quickstoreRoutes } from "./routes";
