/** What other modules may use of the health module: its front door (decision 0076). */
export { healthRoutes } from "./routes";
