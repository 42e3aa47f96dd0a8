import { IMAGE_ACCEPT, isHeic, MAX_PHOTOS, type PhotoRefusal } from "../../../shared/image-limits";
import type { ExaminedFile } from "../../lib/photo-files";

/** Which photos an upload takes, and how the analysis step shows them. */

export { examinePhotos } from "../../lib/photo-files";
/**
 * docs/product-spec.md 5 and 9, as decision 0062 made them one rule: both uploads take JPG, PNG, WEBP
 * and HEIC of at most 5 MB (src/shared/image-limits.ts, the server's limits too), checked by their
 * first bytes when chosen (examinePhotos).
 */
export { isHeic, MAX_PHOTOS };
/** The file inputs' accept list, the same for one photo and for several. */
export const PHOTO_ACCEPT = IMAGE_ACCEPT;

export interface FileSelection<F> {
  accepted: F[];
  /** Refused files, each with a message naming it. */
  rejected: { name: string; problem: PhotoRefusal }[];
  /** Good photos left out because the upload would pass MAX_PHOTOS. */
  overflow: number;
}

/** Sorts newly chosen, examined photos into those that fit beside `alreadyChosen` and those that do not. */
export function selectFiles<F extends File>(
  examined: ExaminedFile<F>[],
  alreadyChosen: number,
): FileSelection<F> {
  const selection: FileSelection<F> = { accepted: [], rejected: [], overflow: 0 };
  for (const { file, problem } of examined) {
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
