import path from "node:path";
import type { Config } from "../../config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { FileStorage } from "./storage";

export { BRAND_FOLDER, type FileStorage, LABEL_FOLDER } from "./storage";

export function createStorage(config: Config): FileStorage {
  const s3 = config.s3;
  if (s3) return createS3Storage(s3);
  return createLocalStorage(config.uploadDir ?? path.join(config.dataDir, "uploads"));
}
