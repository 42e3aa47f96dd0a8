/** What other modules may use of the backup module: its front door (decision 0075). */

export type { BackupManifest } from "./archive";
export { restoreBackup, writeBackup } from "./archive";
export { copyDatabase } from "./move";
