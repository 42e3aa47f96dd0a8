/** What other modules may use of the ai module: its front door (decision 0075). */
export { aiRoutes } from "./routes";
export { aiLogScope } from "./service";
