/** What other modules may use of the quickstore module: its front door (decision 0075). */
export { quickstoreRoutes } from "./routes";
