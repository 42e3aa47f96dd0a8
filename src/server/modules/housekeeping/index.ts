/** What other modules may use of the housekeeping module: its front door (decision 0076). */
export { HousekeepingWorker } from "./worker";
