import { HEIC_TYPES, IMAGE_TYPES, imageProblem, isHeic, MAX_PHOTOS } from "../../../shared/image-limits";
import type { UploadMode } from "./draft";

/** Which photos an upload takes, and how the analysis step shows them. */

/** docs/product-spec.md 5 and 9: the limits are src/shared/image-limits.ts, the server's too. */
export { isHeic, MAX_PHOTOS };
export const SINGLE_TYPES = IMAGE_TYPES;
export const MULTIPLE_TYPES = [...IMAGE_TYPES, ...HEIC_TYPES] as const;
/** The file input's accept list: browsers that do not know HEIC's type still offer it by extension. */
export const MULTIPLE_ACCEPT = [...MULTIPLE_TYPES, ".heic", ".heif"].join(",");
export const SINGLE_ACCEPT = SINGLE_TYPES.join(",");

type FileLike = Pick<File, "name" | "type" | "size">;

/** The i18n key of what is wrong with a photo, or null when it may be uploaded: HEIC only in a multi upload. */
export function fileProblem(file: FileLike, mode: UploadMode): string | null {
  return imageProblem(file, { heic: mode === "multiple" });
}

export interface FileSelection<F extends FileLike> {
  accepted: F[];
  rejected: { name: string; problem: string }[];
  /** Good photos left out because the upload would pass MAX_PHOTOS. */
  overflow: number;
}

/** Sorts newly chosen photos into those that fit beside `alreadyChosen` and those that do not. */
export function selectFiles<F extends FileLike>(files: F[], alreadyChosen: number): FileSelection<F> {
  const selection: FileSelection<F> = { accepted: [], rejected: [], overflow: 0 };
  for (const file of files) {
    const problem = fileProblem(file, "multiple");
    if (problem) selection.rejected.push({ name: file.name, problem });
    else if (alreadyChosen + selection.accepted.length >= MAX_PHOTOS) selection.overflow++;
    else selection.accepted.push(file);
  }
  return selection;
}

/** docs/product-spec.md 9: the analysis step shows the first 6 photos and a "+N more" tile for the rest. */
export const THUMBNAIL_LIMIT = 6;

export function thumbnailTiles<T>(items: T[], limit = THUMBNAIL_LIMIT): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}
