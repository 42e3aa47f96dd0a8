/** What other modules may use of the privacy module: its front door (decision 0075). */
export { anonymiseBuyers } from "./anonymise";
export { privacyRoutes } from "./routes";
