/** What other modules may use of the health module: its front door (decision 0075). */
export { healthRoutes } from "./routes";
