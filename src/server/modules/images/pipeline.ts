import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { HEIC_TYPES as HEIC_MIME_TYPES, IMAGE_TYPES, MAX_IMAGE_BYTES } from "../../../shared/image-limits";
import { IMAGE_WIDTHS } from "../../../shared/image-url";
import type { FileStorage } from "../../adapters/storage";
import { HttpError } from "../../lib/http-error";
import { photoRefused } from "../../lib/photo-refusal";

/** Larger than any phone photo (a 48 MP sensor is 8000×6000); a 30000×30000 "bomb" is far beyond it. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const ACCEPTED_TYPES = new Set<string>(IMAGE_TYPES);
const HEIC_TYPES = new Set<string>(HEIC_MIME_TYPES);

export interface StoredImage {
  /** URL of the largest variant; the others follow its naming (see imageVariantUrl). */
  url: string;
  keys: string[];
  width: number;
  height: number;
}

export interface PreparedImage {
  /** Auto-oriented, at most 1600 px on its longest side, raw RGB(A) pixels with no metadata at all. */
  pixels: Buffer;
  info: OutputInfo;
}

async function decodeHeic(input: Buffer, fileName: string | undefined): Promise<Sharp> {
  const { default: decode } = await import("heic-decode");
  // A file that only starts like a HEIC (the sniffer reads the first bytes) is the sender's mistake,
  // as for the other formats: 415, not a failure of ours.
  const unreadable = (error: unknown) => {
    throw error instanceof HttpError ? error : photoRefused(415, "imageUnreadable", fileName);
  };
  // The container gives the size before any pixel is decoded, so a HEIC bomb is refused unread.
  const images = await decode.all({ buffer: new Uint8Array(input) }).catch(unreadable);
  try {
    const [first] = images;
    if (!first) throw photoRefused(415, "imageUnreadable", fileName);
    if (first.width * first.height > MAX_IMAGE_PIXELS)
      throw photoRefused(413, "imageDimensionsTooLarge", fileName);
    const image = await first.decode().catch(unreadable);
    return sharp(Buffer.from(image.data.buffer), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

/**
 * Sniffs the bytes (never the file name), refuses oversize and decompression bombs before decoding,
 * then decodes once: rotated upright from EXIF, scaled to the largest variant, metadata (GPS included)
 * left behind because raw pixels carry none. `fileName` (as uploaded) only words the refusals.
 */
export async function prepareImage(
  input: Buffer,
  options: { fileName?: string } = {},
): Promise<PreparedImage> {
  const { fileName } = options;
  if (input.length > MAX_IMAGE_BYTES) throw photoRefused(413, "imageTooLarge", fileName);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw photoRefused(415, "imageTypeUnsupported", fileName);

  let source: Sharp;
  if (HEIC_TYPES.has(type.mime)) {
    source = await decodeHeic(input, fileName);
  } else {
    // Reading the header needs no pixel limit; the limit is applied below, before any decoding.
    const metadata = await sharp(input, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw photoRefused(415, "imageUnreadable", fileName);
      });
    if (!metadata.width || !metadata.height) throw photoRefused(415, "imageUnreadable", fileName);
    if (metadata.width * metadata.height > MAX_IMAGE_PIXELS)
      throw photoRefused(413, "imageDimensionsTooLarge", fileName);
    source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
  }

  const largest = IMAGE_WIDTHS[0];
  try {
    const { data, info } = await source
      .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, info };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw photoRefused(415, "imageUnreadable", fileName);
  }
}

/** Encodes the prepared pixels as WebP in every width and stores them; all or nothing. */
export async function storeImageVariants(
  storage: FileStorage,
  image: PreparedImage,
  folder = "products",
  /** WebP encoder effort (0-6): more is smaller and slower. */
  effort = 2,
  /** Put before the file's name, so a folder shared by many (brand/) can tell whose upload it is. */
  namePrefix = "",
): Promise<StoredImage> {
  const id = `${namePrefix}${randomUUID()}`;
  const { width, height, channels } = image.info;
  const encoded = await Promise.all(
    IMAGE_WIDTHS.map(async (target) => {
      const body = await sharp(image.pixels, { raw: { width, height, channels } })
        .resize({ width: target, height: target, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82, effort })
        .toBuffer();
      return { key: `${folder}/${id}-${target}.webp`, body };
    }),
  );
  const stored: string[] = [];
  try {
    for (const file of encoded) {
      await storage.put(file.key, file.body, "image/webp");
      stored.push(file.key);
    }
  } catch (error) {
    await deleteStoredImage(storage, stored);
    throw error;
  }
  const first = encoded[0];
  if (!first) throw new Error("no image variants");
  return { url: `/uploads/${first.key}`, keys: encoded.map((file) => file.key), width, height };
}

/** An uploaded file (a multipart part) through the whole pipeline; its name words any refusal. */
export async function processAndStoreImage(
  storage: FileStorage,
  file: { buffer: Buffer; filename?: string },
) {
  return storeImageVariants(storage, await prepareImage(file.buffer, { fileName: file.filename }));
}

/** Best effort: a file left behind costs disk, never correctness. */
export async function deleteStoredImage(storage: FileStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** The storage keys behind an uploaded image URL (all of its variants). */
export function storageKeysOf(url: string): string[] {
  const match = /^\/uploads\/(.+)-1600\.webp$/.exec(url);
  if (!match) return [];
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp`);
}
