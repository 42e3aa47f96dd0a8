import { and, eq, isNull, sql } from "drizzle-orm";
import type { ProductShippingInput } from "../../../shared/carrier-settings";
import type { Coordinates, ProductFields } from "../../../shared/product";
import type { ProductVariantsInput, UpdateProductInput } from "../../../shared/variants";
import type { FileStorage } from "../../adapters/storage";
import type { Db, DbOrTx } from "../../db/client";
import { productImages, products, stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { notFound } from "../../lib/http-error";
import { isVersion, nextVersion, staleWrite } from "../../lib/versioning";
import { deleteStoredImage, type StoredImage } from "../images";
import type { ProductRow } from "./columns";
import { deleteUnusedImages, repointFallbackHero } from "./images";
import { getSellerProductView } from "./queries";
import { replaceVariantsIn } from "./variants";

export interface NewProduct extends ProductFields, ProductShippingInput {
  coordinates?: Coordinates;
  /** undefined: 1 (a product from a photo is one of a kind); null: unlimited (decision 0032). */
  stockQty?: number | null;
  aiMeta?: Record<string, unknown>;
  isActive?: boolean;
  /** The options and variants it is sold in (decision 0032), saved with it: never on sale without them. */
  variants?: ProductVariantsInput;
}

/**
 * The one way a product is made (decision 0031), inside the caller's transaction: the row at the end of
 * the store's list, its primary image (a photo already stored), and the store's fallback hero image if
 * it has none. The seller's "add product" and quick-create both come here.
 */
/** A new product with its photos in order; the first is primary and carries the analysis (decision 0033). */
export async function insertProduct(
  tx: DbOrTx,
  storeId: string,
  input: NewProduct,
  imageUrls: readonly [string, ...string[]],
) {
  const [imageUrl] = imageUrls;
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${products.position}) + 1, 0)`.mapWith(Number) })
    .from(products)
    .where(eq(products.storeId, storeId));
  const [product] = await tx
    .insert(products)
    .values({
      storeId,
      title: input.title,
      blurb: input.blurb,
      basePrice: input.basePrice,
      sku: input.sku,
      seoMetaTitle: input.seoMetaTitle,
      seoMetaDesc: input.seoMetaDesc,
      coordX: input.coordinates ? String(input.coordinates.x) : null,
      coordY: input.coordinates ? String(input.coordinates.y) : null,
      isActive: input.isActive ?? true,
      stockQty: input.stockQty === undefined ? 1 : input.stockQty,
      weightGrams: input.weightGrams ?? null,
      lengthCm: input.lengthCm ?? null,
      widthCm: input.widthCm ?? null,
      heightCm: input.heightCm ?? null,
      position: position?.next ?? 0,
      publishedAt: new Date(),
    })
    .returning({ id: products.id });
  if (!product) throw new Error("product insert returned no row");
  await tx.insert(productImages).values(
    imageUrls.map((url, sortOrder) => ({
      productId: product.id,
      url,
      sortOrder,
      isPrimary: sortOrder === 0,
      aiMeta: sortOrder === 0 ? input.aiMeta : undefined,
    })),
  );
  if (input.variants && input.variants.options.length > 0) {
    await replaceVariantsIn(tx, product.id, input.variants);
  }
  // A store without a hero image shows its first product's photo instead of the stock picture.
  await tx
    .update(stores)
    .set({ fallbackHeroImage: imageUrl })
    .where(and(eq(stores.id, storeId), isNull(stores.fallbackHeroImage)));
  return product.id;
}

/** Inserts the product and its primary image together; if the database refuses, the stored files go too. */
export async function createProduct(
  db: Db,
  storage: FileStorage,
  storeId: string,
  input: NewProduct,
  image: StoredImage,
  onCatalogueChange: OnCatalogueChange,
) {
  try {
    const productId = await db.transaction((tx) => insertProduct(tx, storeId, input, [image.url]));
    const view = await getSellerProductView(db, productId);
    if (!view) throw new Error("created product vanished");
    onCatalogueChange();
    return view;
  } catch (error) {
    await deleteStoredImage(storage, image.keys);
    throw error;
  }
}

/**
 * Saves the fields, the options and variants when given, and a new photo, all in one transaction: the
 * edit page's one Save (decision 0060). Refused (409) when `expectedUpdatedAt` is no longer current,
 * and then nothing is saved.
 */
export async function updateProduct(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  input: UpdateProductInput,
  onCatalogueChange: OnCatalogueChange,
  newImage?: StoredImage,
) {
  const changes: Partial<typeof products.$inferInsert> = {};
  for (const key of [
    "title",
    "blurb",
    "basePrice",
    "sku",
    "seoMetaTitle",
    "seoMetaDesc",
    "isActive",
    "stockQty",
    "weightGrams",
    "lengthCm",
    "widthCm",
    "heightCm",
  ] as const) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }
  if (input.coordinates !== undefined) {
    changes.coordX = input.coordinates ? String(input.coordinates.x) : null;
    changes.coordY = input.coordinates ? String(input.coordinates.y) : null;
  }
  let replaced: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({ ...changes, updatedAt: nextVersion(products.updatedAt) })
        .where(and(eq(products.id, product.id), isVersion(products.updatedAt, input.expectedUpdatedAt)))
        .returning({ id: products.id });
      // A save from a version that is no longer current changes nothing, its new photo included.
      if (!updated) throw input.expectedUpdatedAt !== undefined ? staleWrite() : notFound("productNotFound");
      if (input.variants) await replaceVariantsIn(tx, product.id, input.variants);
      if (newImage) {
        // A new photo on the edit form replaces the primary in its place; the other photos keep theirs.
        const old = await tx
          .select()
          .from(productImages)
          .where(and(eq(productImages.productId, product.id), eq(productImages.isPrimary, true)));
        replaced = old.map((image) => image.url);
        await tx
          .delete(productImages)
          .where(and(eq(productImages.productId, product.id), eq(productImages.isPrimary, true)));
        await tx.insert(productImages).values({
          productId: product.id,
          url: newImage.url,
          isPrimary: true,
          sortOrder: old[0]?.sortOrder ?? 0,
        });
        await repointFallbackHero(tx, product.storeId, replaced);
      }
    });
  } catch (error) {
    if (newImage) await deleteStoredImage(storage, newImage.keys);
    throw error;
  }
  onCatalogueChange();
  await deleteUnusedImages(db, storage, replaced);
  const view = await getSellerProductView(db, product.id);
  if (!view) throw notFound("productNotFound");
  return view;
}

/** Orders keep their item snapshots (title, unit price); the product's files are removed after the row. */
export async function deleteProduct(
  db: Db,
  storage: FileStorage,
  product: ProductRow,
  onCatalogueChange: OnCatalogueChange,
) {
  const images = await db.select().from(productImages).where(eq(productImages.productId, product.id));
  await db.delete(products).where(eq(products.id, product.id));
  await repointFallbackHero(
    db,
    product.storeId,
    images.map((image) => image.url),
  );
  onCatalogueChange();
  await deleteUnusedImages(
    db,
    storage,
    images.map((image) => image.url),
  );
}
