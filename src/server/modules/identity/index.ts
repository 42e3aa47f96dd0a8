/** What other modules may use of the identity module: its front door (decision 0075). */
export { identityRoutes } from "./routes";
export { remakeSocialCard } from "./service";
export { deleteUnsavedBrandFiles } from "./unsaved";
