import { translateShared } from "../../../shared/i18n";
import { wholeKroner } from "../../../shared/money";
import type { Language } from "../../../shared/preferences";
import type { QuickProduct, QuickStoreDetails } from "../../../shared/quickstore";
import { slugify } from "../../../shared/slug";
import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import type { users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest } from "../../lib/http-error";
import { insertProduct, type NewProduct } from "../products";
import { createQrCode, storeQrUrl, toQrView } from "../qr";
import { getStoreSummary, insertStore, slugTaken, suggestFreeSlug } from "../stores";

type User = typeof users.$inferSelect;

/** A draft product's photos: the analysed one, then any more the visitor grouped with it, each once. */
function photosOf(product: QuickProduct): [string, ...string[]] {
  const extra = (product.extraImageUrls ?? []).filter((url) => url !== product.imageUrl);
  return [product.imageUrl, ...new Set(extra)];
}

/**
 * A quick-create product as the product service takes it: the editor's names mapped to the product's.
 * The editor takes "199.99" as the specification asks; the shop sells at the whole kroner every screen
 * shows (and every other product has), so what is shown is charged.
 */
function asNewProduct(product: QuickProduct): NewProduct {
  return {
    title: product.title,
    blurb: product.description,
    sku: undefined,
    basePrice: String(wholeKroner(product.price)),
    seoMetaTitle: product.seoTitle || undefined,
    seoMetaDesc: product.seoDescription || undefined,
    coordinates: product.coordinates ?? undefined,
    stockQty: product.stockQty,
    aiMeta: { category: product.category ?? "item", altText: product.altText ?? null },
  };
}

/**
 * The store, its products and its QR code from a quick-create draft, all in one transaction: a visitor's
 * work is saved completely or not at all. The slug comes from the name; if it is taken, a free one
 * (suggestFreeSlug), so a quick-create never fails for its name.
 */
export async function createQuickStore(
  db: Db,
  storage: FileStorage,
  user: User,
  input: { store: QuickStoreDetails; products: QuickProduct[] },
  context: { origin: string; language: Language },
  onCatalogueChange: OnCatalogueChange,
) {
  for (const url of input.products.flatMap((product) => photosOf(product))) {
    if (!(await storage.exists(url.replace(/^\/uploads\//, "")))) throw badRequest("imageUrlUnknown");
  }
  const base = slugify(input.store.name) || "shop";
  const single = input.products.length === 1 ? input.products[0] : undefined;
  const t = (key: string, params: Record<string, string>) =>
    translateShared(context.language, `quickstore.${key}`, params);
  const seoTitle = (single ? input.store.seoTitle : undefined) || t("seoTitle", { store: input.store.name });
  const seoDescription =
    (single ? input.store.seoDescription : undefined) ||
    t("seoDescription", {
      store: input.store.name,
      products: input.products
        .map((p) => p.title)
        .slice(0, 5)
        .join(", "),
    });

  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .transaction(async (tx) => {
          const slug = await suggestFreeSlug(tx, base);
          const store = await insertStore(tx, user, {
            name: input.store.name,
            slug,
            defaultLocale: context.language,
            heroImageUrl: input.store.heroImageUrl ?? input.products[0]?.imageUrl ?? null,
            fallbackHeroImage: input.products[0]?.imageUrl ?? null,
            theme: { seoTitle, seoDescription },
          });
          // One at a time, in the draft's order: each goes to the end of the new store's list, with its photos
          // in order, the analysed one first and primary (decision 0033).
          for (const product of input.products) {
            await insertProduct(tx, store.id, asNewProduct(product), photosOf(product));
          }
          const qr = input.store.linkQrCode
            ? await createQrCode(tx, user.id, {
                code: input.store.qrCode,
                url: storeQrUrl(context.origin, slug),
                storeId: store.id,
              })
            : undefined;
          return { store, qr };
        })
        .then(async ({ store, qr }) => {
          // After the commit: a new storefront is a catalogue change (decision 0031).
          onCatalogueChange();
          return { store, qr };
        })
        .then(async ({ store, qr }) => ({
          storeSlug: store.slug,
          store: {
            ...(await getStoreSummary(db, store)),
            qrCode: qr ? toQrView(qr, store.name, context.origin) : null,
          },
        }));
    } catch (error) {
      if (!isUniqueViolation(error, "stores_slug_live_key")) throw error;
      // Someone took the same slug between our look-up and our insert: look again. Each look finds a
      // free slug, so only a stream of races lost in a row ends here, and then as a conflict, not a 500.
      if (attempt < 4) continue;
      throw await slugTaken(db, base);
    }
  }
}
