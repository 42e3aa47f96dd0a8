/** What other modules may use of the images module: its front door (decision 0075). */
export { improvePhoto, pointInFrame } from "./enhance";
export { deleteOldUnclaimed } from "./old-files";
export type { PreparedImage, StoredImage } from "./pipeline";
export {
  deleteStoredImage,
  prepareImage,
  processAndStoreImage,
  storageKeysOf,
  storeImageVariants,
} from "./pipeline";
export { uploadRoutes } from "./routes";
