/** What other modules may use of the admin module: its front door (decision 0075). */
export { adminRoutes } from "./routes";
