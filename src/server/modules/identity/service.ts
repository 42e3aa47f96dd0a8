import { eq } from "drizzle-orm";
import { type BrandAsset, contrastReport, DEFAULT_BRAND_COLOR } from "../../../shared/brand";
import type { About, BrandAssets, IdentityInput, IdentityView } from "../../../shared/identity";
import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import type { StoreRow } from "../../lib/guards";
import { badRequest, notFound } from "../../lib/http-error";
import { deleteStoredImage } from "../images";
import {
  ALL_ASSETS,
  brandKeysOf,
  COLOUR_ASSETS,
  makeBrandAssets,
  ownAboutPhotoKey,
  ownLogoKey,
  readStored,
} from "./assets";

type IdentityRow = Pick<StoreRow, "logoImageUrl" | "brandAssets" | "brandColor" | "fontPairing" | "about">;

/** The saved assets, when all of them are there (a store row is written whole or not at all). */
function assetsOf(row: IdentityRow): BrandAssets | null {
  const saved = row.brandAssets;
  if (!saved || !ALL_ASSETS.every((asset) => typeof saved[asset] === "string")) return null;
  return Object.fromEntries(ALL_ASSETS.map((asset) => [asset, saved[asset]])) as BrandAssets;
}

export function identityView(row: IdentityRow): IdentityView {
  const about = row.about;
  return {
    logoImageUrl: row.logoImageUrl,
    brandAssets: assetsOf(row),
    brandColor: row.brandColor,
    fontPairing: (row.fontPairing as IdentityView["fontPairing"]) ?? null,
    about: about
      ? {
          text: about.text,
          imageUrl: about.imageUrl ?? null,
          location: about.location ?? null,
          links: about.links ?? [],
        }
      : null,
    contrast: contrastReport(row.brandColor ?? DEFAULT_BRAND_COLOR),
  };
}

/** A file this store uploaded must still be there: a name alone proves nothing once it was deleted. */
async function assertStored(storage: FileStorage, key: string | null, current: string | null, url: string) {
  if (url === current) return;
  if (!key || !(await storage.exists(key))) throw badRequest("logoNotUploaded");
}

/**
 * Saves the shop's look (what is left out is kept, null clears it) and makes what the logo gives: all
 * of it for a new logo, the icons and the social card when only the colour changed (their backgrounds
 * are chosen against it). One UPDATE; files of the replaced look are deleted after it, files made for
 * a save that failed are deleted at once.
 */
export async function saveIdentity(
  db: Db,
  storage: FileStorage,
  store: StoreRow,
  input: IdentityInput & { about?: About | null },
  onCatalogueChange: OnCatalogueChange,
): Promise<IdentityView> {
  const changes: Partial<typeof stores.$inferInsert> = {};
  const logo = input.logoImageUrl === undefined ? store.logoImageUrl : input.logoImageUrl;
  if (logo && logo !== store.logoImageUrl) {
    await assertStored(storage, ownLogoKey(store.id, logo), store.logoImageUrl, logo);
  }
  if (input.logoImageUrl !== undefined) changes.logoImageUrl = logo;
  if (input.brandColor !== undefined) changes.brandColor = input.brandColor;
  if (input.fontPairing !== undefined) changes.fontPairing = input.fontPairing;

  const previousAboutPhoto = store.about?.imageUrl ?? null;
  let aboutPhoto = previousAboutPhoto;
  if (input.about !== undefined) {
    aboutPhoto = input.about?.imageUrl ?? null;
    if (aboutPhoto && aboutPhoto !== previousAboutPhoto) {
      await assertStored(storage, ownAboutPhotoKey(store.id, aboutPhoto), previousAboutPhoto, aboutPhoto);
    }
    changes.about = input.about
      ? {
          text: input.about.text,
          imageUrl: aboutPhoto,
          location: input.about.location ?? null,
          links: input.about.links ?? [],
        }
      : null;
  }

  const before = assetsOf(store);
  const colour =
    (input.brandColor === undefined ? store.brandColor : input.brandColor) ?? DEFAULT_BRAND_COLOR;
  const colourChanged = colour !== (store.brandColor ?? DEFAULT_BRAND_COLOR);
  let remake: BrandAsset[] = [];
  if (logo && (logo !== store.logoImageUrl || !before)) remake = ALL_ASSETS;
  else if (logo && colourChanged) remake = COLOUR_ASSETS;

  let made: Partial<BrandAssets> = {};
  if (remake.length > 0 && logo) {
    const file = await readStored(storage, ownLogoKey(store.id, logo) ?? "");
    if (!file) throw badRequest("logoNotUploaded");
    made = await makeBrandAssets(storage, store.id, file, { brandColor: colour, name: store.name }, remake);
  }
  const after: BrandAssets | null = logo ? ({ ...before, ...made } as BrandAssets) : null;
  if (remake.length > 0 || !logo) changes.brandAssets = after;

  let row: StoreRow | undefined;
  try {
    [row] = await db.update(stores).set(changes).where(eq(stores.id, store.id)).returning();
  } catch (error) {
    await deleteStoredImage(storage, brandKeysOf(Object.values(made)));
    throw error;
  }
  if (!row) throw notFound("storeNotFound");

  // What the saved look no longer names: replaced assets, the replaced logo, the replaced about photo.
  const kept = new Set([logo, aboutPhoto, ...Object.values(after ?? {})]);
  const dropped = [store.logoImageUrl, previousAboutPhoto, ...Object.values(before ?? {})].filter(
    (url) => url && !kept.has(url),
  );
  await deleteStoredImage(storage, brandKeysOf(dropped));
  onCatalogueChange();
  return identityView(row);
}

/**
 * The social card shows the store's name: a renamed store with a logo gets a new one (the old file is
 * deleted). Nothing to do for a store without a logo.
 */
export async function remakeSocialCard(
  db: Db,
  storage: FileStorage,
  store: StoreRow,
  onCatalogueChange: OnCatalogueChange,
): Promise<void> {
  const before = assetsOf(store);
  const logoKey = store.logoImageUrl ? ownLogoKey(store.id, store.logoImageUrl) : null;
  if (!before || !logoKey) return;
  const file = await readStored(storage, logoKey);
  if (!file) return;
  const look = { brandColor: store.brandColor ?? DEFAULT_BRAND_COLOR, name: store.name };
  const made = await makeBrandAssets(storage, store.id, file, look, ["socialCard"]);
  const brandAssets = { ...before, ...made };
  await db.update(stores).set({ brandAssets }).where(eq(stores.id, store.id));
  await deleteStoredImage(storage, brandKeysOf([before.socialCard]));
  onCatalogueChange();
}
