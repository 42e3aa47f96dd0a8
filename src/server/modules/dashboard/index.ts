/** What other modules may use of the dashboard module: its front door (decision 0075). */
export { dashboardRoutes } from "./routes";
