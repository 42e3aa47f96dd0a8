import { inArray } from "drizzle-orm";
import { BRAND_FOLDER, type FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { stores } from "../../db/schema";
import { deleteOldUnclaimed } from "../images";
import { brandKeysOf } from "./assets";

/** `brand/{store id}-{kind}-{uuid}…`: every brand file names its store first (assets.ts). */
const BRAND_FILE = new RegExp(`^${BRAND_FOLDER}([0-9a-f-]{36})-`);
/** Stores whose looks are read per query. */
const STORES_PER_READ = 200;

/**
 * Deletes the brand files written before `olderThan` that their store's saved look does not name: a logo
 * or an about photo uploaded and never saved (the upload routes keep a file before any save, decision
 * 0080), or the files of a store that is no more. A saved look's files stay (its logo, what was made
 * from it, its about photo in every width), and so does anything newer, which a seller may still be
 * about to save. Returns how many files were deleted.
 */
export function deleteUnsavedBrandFiles(db: Db, storage: FileStorage, olderThan: Date): Promise<number> {
  return deleteOldUnclaimed(storage, {
    folders: [BRAND_FOLDER],
    olderThan,
    batch: STORES_PER_READ,
    groupOf: (key) => BRAND_FILE.exec(key)?.[1],
    unclaimed: async (byStore) => {
      const looks = await db
        .select({ logo: stores.logoImageUrl, assets: stores.brandAssets, about: stores.about })
        .from(stores)
        .where(inArray(stores.id, [...byStore.keys()]));
      const saved = new Set(
        brandKeysOf(
          looks.flatMap((look) => [look.logo, look.about?.imageUrl, ...Object.values(look.assets ?? {})]),
        ),
      );
      // Each file counts on its own: a store's unsaved logo goes, its saved one stays.
      return [...byStore.values()]
        .flat()
        .filter((key) => !saved.has(key))
        .map((key) => [key]);
    },
  });
}
