import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { MAX_PRODUCT_IMAGES, type ProductImages } from "../../../shared/product-images";
import type { FileStorage } from "../../adapters/storage";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { productImages, products, stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { deleteStoredImage, type StoredImage, storageKeysOf } from "../images";
import type { ProductRow } from "./columns";

/**
 * A product's photos (decision 0033): at most ten, in the seller's order, the first one primary. Every
 * change locks the product row first, so two uploads at once cannot make an eleventh photo and two
 * reorders cannot leave a product with no primary or two. The shop shows a change at once: each write
 * calls `onCatalogueChange` once it succeeded (decision 0031).
 */

async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!row) throw notFound("productNotFound");
}

async function imageCount(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return row?.total ?? 0;
}

/** The product's photos in order, as every read shows them. */
export async function listProductImages(db: DbOrTx, productId: string): Promise<ProductImages> {
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  const images = rows.map((row) => ({
    id: row.id,
    url: row.url,
    isPrimary: row.isPrimary,
    sortOrder: row.sortOrder,
  }));
  const primary = images.find((image) => image.isPrimary) ?? images[0];
  return { images, primaryImage: primary?.url ?? null };
}

/** Refused before any decoding when the product is already full: a full product costs no image work. */
export async function assertRoomForImage(db: Db, productId: string) {
  if ((await imageCount(db, productId)) >= MAX_PRODUCT_IMAGES) {
    throw conflict("tooManyProductImages");
  }
}

/** Adds a stored photo at the end (primary if it is the first); if it cannot be added, its files go. */
export async function addProductImage(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  image: StoredImage,
  onCatalogueChange: OnCatalogueChange,
) {
  try {
    await db.transaction(async (tx) => {
      await lockProduct(tx, product.id);
      const [state] = await tx
        .select({
          total: count(),
          next: sql<number>`coalesce(max(${productImages.sortOrder}) + 1, 0)`.mapWith(Number),
        })
        .from(productImages)
        .where(eq(productImages.productId, product.id));
      const total = state?.total ?? 0;
      if (total >= MAX_PRODUCT_IMAGES) throw conflict("tooManyProductImages");
      await tx.insert(productImages).values({
        productId: product.id,
        url: image.url,
        sortOrder: state?.next ?? 0,
        isPrimary: total === 0,
      });
    });
  } catch (error) {
    await deleteStoredImage(storage, image.keys);
    throw error;
  }
  onCatalogueChange();
  return listProductImages(db, product.id);
}

/** Sets the order: exactly the product's photo ids, each once; the first becomes the primary. */
export async function reorderProductImages(
  db: Db,
  product: ProductRow,
  imageIds: string[],
  onCatalogueChange: OnCatalogueChange,
) {
  await db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const current = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    const known = new Set(current.map((row) => row.id));
    const asked = new Set(imageIds);
    if (
      asked.size !== imageIds.length ||
      asked.size !== known.size ||
      imageIds.some((id) => !known.has(id))
    ) {
      throw badRequest("imageOrderInvalid");
    }
    await writeOrder(tx, product.id, imageIds);
  });
  onCatalogueChange();
  return listProductImages(db, product.id);
}

/**
 * Numbers the photos 0, 1, 2… in the given order and makes the first primary. The old primary is cleared
 * before the new one is set: the one-primary index is checked row by row.
 */
async function writeOrder(tx: Tx, productId: string, imageIds: string[]) {
  const [first] = imageIds;
  if (!first) return;
  const [before] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.isPrimary, true)));
  if (before?.id !== first) await moveMarker(tx, productId, before?.id, first);
  await tx
    .update(productImages)
    .set({ isPrimary: false })
    .where(and(eq(productImages.productId, productId), ne(productImages.id, first)));
  const positions = sql.join(
    imageIds.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  );
  await tx
    .update(productImages)
    .set({
      sortOrder: sql`case ${productImages.id} ${positions} end`,
      isPrimary: sql`${productImages.id} = ${first}::uuid`,
    })
    .where(eq(productImages.productId, productId));
}

/**
 * The product's coordinates are a place in its primary photo (docs/product-spec.md 2.11), so they follow the primary: the
 * old primary keeps them in its `aiMeta`, and the new one brings back its own, if it ever had any.
 */
async function moveMarker(tx: Tx, productId: string, fromImageId: string | undefined, toImageId: string) {
  const [product] = await tx
    .select({ x: products.coordX, y: products.coordY })
    .from(products)
    .where(eq(products.id, productId));
  if (fromImageId && product?.x != null && product.y != null) {
    const coordinates = { x: Number(product.x), y: Number(product.y) };
    await tx
      .update(productImages)
      .set({
        aiMeta: sql`coalesce(${productImages.aiMeta}, '{}'::jsonb) || ${JSON.stringify({ coordinates })}::jsonb`,
      })
      .where(eq(productImages.id, fromImageId));
  }
  const [next] = await tx
    .select({ aiMeta: productImages.aiMeta })
    .from(productImages)
    .where(eq(productImages.id, toImageId));
  const saved = next?.aiMeta?.coordinates as { x?: unknown; y?: unknown } | undefined;
  const valid = typeof saved?.x === "number" && typeof saved.y === "number";
  await tx
    .update(products)
    .set({ coordX: valid ? String(saved.x) : null, coordY: valid ? String(saved.y) : null })
    .where(eq(products.id, productId));
}

/**
 * Removes one photo and then its files (every width the pipeline wrote, unless another row still shows
 * the same upload). The next photo becomes primary when the primary goes; the last photo stays, since
 * a product is never without one (docs/product-spec.md 5: an image is mandatory).
 */
export async function removeProductImage(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  imageId: string,
  onCatalogueChange: OnCatalogueChange,
) {
  const removed = await db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const rows = await tx
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, product.id))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id));
    const target = rows.find((row) => row.id === imageId);
    if (!target) throw notFound("imageNotFound");
    if (rows.length === 1) throw conflict("lastProductImage");
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    await writeOrder(
      tx,
      product.id,
      rows.filter((row) => row.id !== imageId).map((row) => row.id),
    );
    await repointFallbackHero(tx, product.storeId, [target.url]);
    return target.url;
  });
  onCatalogueChange();
  await deleteUnusedImages(db, storage, [removed]);
  return listProductImages(db, product.id);
}

/**
 * A store without a hero image shows a product photo instead (docs/product-spec.md 2.5: fallbackHeroImage). When that photo
 * is removed, the store shows another of its product photos, or the stock picture when none is left,
 * so no page points at a deleted file.
 */
export async function repointFallbackHero(tx: DbOrTx, storeId: string, removedUrls: string[]) {
  for (const url of removedUrls) {
    const [replacement] = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.storeId, storeId), ne(productImages.url, url)))
      .orderBy(asc(products.position), asc(productImages.sortOrder))
      .limit(1);
    await tx
      .update(stores)
      .set({ fallbackHeroImage: replacement?.url ?? null })
      .where(and(eq(stores.id, storeId), eq(stores.fallbackHeroImage, url)));
  }
}

/**
 * Removes the files of images no product and no store shows any more. A photo can be shown by more
 * than one row (an analysed upload is attached by URL, in quick-create and on Add product), so files
 * go only when the last reference does: deleting your product never deletes someone else's photo.
 */
export async function deleteUnusedImages(db: Db, storage: FileStorage, urls: string[]) {
  if (urls.length === 0) return;
  const [usedByProducts, usedByStores] = await Promise.all([
    db.select({ url: productImages.url }).from(productImages).where(inArray(productImages.url, urls)),
    db.select({ url: stores.heroImageUrl }).from(stores).where(inArray(stores.heroImageUrl, urls)),
  ]);
  const stillUsed = new Set([...usedByProducts, ...usedByStores].map((row) => row.url));
  await deleteStoredImage(
    storage,
    urls.filter((url) => !stillUsed.has(url)).flatMap((url) => storageKeysOf(url)),
  );
}
