/** What other modules may use of the dashboard module: its front door (decision 0076). */
export { dashboardRoutes } from "./routes";
