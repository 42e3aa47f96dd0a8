import type { Readable } from "node:stream";

/** Where uploaded files live: local disk by default, S3-compatible object storage when configured (decision 0013). */
export interface FileStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<{ body: Readable | Buffer; contentType: string; size?: number } | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The files in one folder (`prefix`, such as "products/"), with when each was written, a page at a
   * time, in no promised order; names that are no storage key of ours (a temporary file) are left out.
   */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  lastModified: Date;
}

/**
 * The folders uploads are written to: products/ (analysed photos, their improved copies, product photos)
 * and enhanced/ (copies that earlier versions made with every analysis; nothing shows them, housekeeping
 * deletes them; an improved copy is now a photo like any other, in products/, decision 0062).
 * Housekeeping and backups walk these.
 */
export const UPLOAD_FOLDERS = ["products/", "enhanced/"] as const;

/**
 * The carriers' label PDFs of booked parcels (decision 0079): `labels/<shipment id>.pdf`. Not uploads:
 * housekeeping never walks this folder (a label is the shipments row's, never unclaimed), the public
 * /uploads/ route never serves it (a label shows the shopper's address), and backups keep it.
 */
export const LABEL_FOLDER = "labels/";

/**
 * A shop's logo and what is made from it, and its about photo (decision 0080): `brand/<store id>-<kind>-…`.
 * Not among UPLOAD_FOLDERS: what a store saved is named by its row's JSON, so brand files have a sweep of
 * their own (identity's deleteUnsavedBrandFiles).
 */
export const BRAND_FOLDER = "brand/";

/** Every folder of stored files: backups walk and restore these. */
export const STORED_FOLDERS = [...UPLOAD_FOLDERS, LABEL_FOLDER, BRAND_FOLDER] as const;

/** A folder to list: letters and digits, ending in "/". */
export const STORAGE_PREFIX_PATTERN = /^[a-z0-9]+\/$/;

export function assertStoragePrefix(prefix: string): void {
  if (!STORAGE_PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
}

/** Keys are ours (uuid-based), never user input; this guards the disk adapter against traversal all the same. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9_-]*)*\.(?:webp|png|jpg|svg|pdf)$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
}

export const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
