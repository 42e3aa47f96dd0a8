/** What other modules may use of the users module: its front door (decision 0076). */
export { userRoutes } from "./routes";
