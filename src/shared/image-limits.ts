/**
 * What a product photo may be, in one place for the browser's early check and the server's real one
 * (decision 0013: the server sniffs the content again, so the browser's check only saves a wasted upload).
 * One rule for every upload (decision 0062): the single and the multi-photo upload of quick-create, add
 * product and the edit page all take JPG, PNG, WEBP and HEIC of at most 5 MB.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The same limit as people read it, for messages ("larger than 5 MB"). */
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
/**
 * Photos one upload may hold, the one place this ten is written: the server's multipart limit, the
 * multi-photo analysis, quick-create's products (one per photo) and a product's photos (decision 0033).
 */
export const MAX_PHOTOS = 10;
export const HEIC_TYPES = ["image/heic", "image/heif"] as const;
/** Every type a photo upload takes; the server turns each into WebP. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", ...HEIC_TYPES] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** A file input's accept list: browsers that do not know HEIC's type still offer it by extension. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ".heic", ".heif"].join(",");

type FileLike = { name: string; type: string; size: number };

/** HEIC by its type, or by its extension for browsers that do not know the type. */
export function isHeic(file: Pick<FileLike, "name" | "type">): boolean {
  return (HEIC_TYPES as readonly string[]).includes(file.type) || /\.hei[cf]$/i.test(file.name);
}

/** How many of a file's first bytes sniffImageType reads. */
export const SNIFF_BYTES = 16;

/** ISO-BMFF brands of HEIF/HEIC still images (ISO/IEC 23008-12), as they follow "ftyp". */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * What a file's first bytes say it is, never its name or its claimed type: JPEG starts FF D8 FF, PNG
 * with its eight-byte signature, WebP as a RIFF file of form "WEBP", HEIC as an ISO-BMFF "ftyp" box of a
 * HEIF brand. Null for anything else (a text file named holiday.jpg).
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, index) => head[index] === byte)) return "image/png";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(head, 8, 12)))
    return "image/heic";
  return null;
}

/** Why a chosen file is refused, as a message naming it: `t(key, params)`. */
export interface PhotoRefusal {
  key: "errors.photoNotImage" | "errors.photoTooLarge";
  params: { name: string; mb: number };
}

/**
 * The browser's check of a chosen file, by its first bytes (`head`, at least SNIFF_BYTES of them) and its
 * size: null when it may be uploaded.
 */
export function photoProblem(file: Pick<FileLike, "name" | "size">, head: Uint8Array): PhotoRefusal | null {
  const params = { name: file.name, mb: MAX_IMAGE_MB };
  if (!sniffImageType(head)) return { key: "errors.photoNotImage", params };
  if (file.size > MAX_IMAGE_BYTES) return { key: "errors.photoTooLarge", params };
  return null;
}

/**
 * A quick check by the type the browser claims (no bytes read), for code that has only that: the i18n key
 * of what is wrong, or null. photoProblem is the real check of a chosen file.
 */
export function imageProblem(file: FileLike): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type) && !isHeic(file))
    return "errors.imageTypeUnsupported";
  if (file.size > MAX_IMAGE_BYTES) return "errors.imageTooLarge";
  return null;
}
