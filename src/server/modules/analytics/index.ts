/** What other modules may use of the analytics module: its front door (decision 0075). */
export { analyticsRoutes } from "./routes";
