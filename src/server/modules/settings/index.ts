/** What other modules may use of the settings module: its front door (decision 0075). */
export { settingsRoutes } from "./routes";
export { saveSettings } from "./service";
