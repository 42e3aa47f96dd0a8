/** What other modules may use of the observability module: its front door (decision 0075). */
export { createMetrics } from "./metrics";
export { metricsRoutes } from "./routes";
