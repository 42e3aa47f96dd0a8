import { type PhotoRefusal, photoProblem, SNIFF_BYTES } from "../../shared/image-limits";

/** A chosen file and, when it may not be uploaded, why (a message naming it). */
export interface ExaminedFile<F extends File = File> {
  file: F;
  problem: PhotoRefusal | null;
}

/**
 * The one check of chosen photos, for every uploader (decision 0062): each file's first bytes, never
 * its name or the type the browser guessed from the name, and its size, by the rule in
 * src/shared/image-limits.ts. A file that cannot be read at all is refused as not a photo.
 */
export async function examinePhotos<F extends File>(files: F[]): Promise<ExaminedFile<F>[]> {
  return Promise.all(
    files.map(async (file) => {
      const head = await file
        .slice(0, SNIFF_BYTES)
        .arrayBuffer()
        .then((buffer) => new Uint8Array(buffer))
        .catch(() => new Uint8Array());
      return { file, problem: photoProblem(file, head) };
    }),
  );
}
