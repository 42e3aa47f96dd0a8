/** What other modules may use of the users module: its front door (decision 0075). */
export { userRoutes } from "./routes";
