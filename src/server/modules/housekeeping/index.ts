/** What other modules may use of the housekeeping module: its front door (decision 0075). */
export { HousekeepingWorker } from "./worker";
