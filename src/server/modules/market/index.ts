/** What other modules may use of the market module (the stall, decision 0077): its front door (decision 0075). */
export { marketReportRoutes } from "./report-routes";
