import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { normalizeOrgNumber } from "../../../shared/org-number";
import { toE164 } from "../../../shared/phone";
import { slugify, slugWithSuffix } from "../../../shared/slug";
import type {
  CreateStoreInput,
  StoreLegalDetails,
  StoreSummary,
  UpdateStoreInput,
} from "../../../shared/store";
import { isVatRate } from "../../../shared/vat";
import type { Db, DbOrTx } from "../../db/client";
import { qrCodes, storeContactEmailConfirmations, storeMembers, stores, type users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import type { OnCatalogueChange } from "../../lib/deps";
import type { StoreRow } from "../../lib/guards";
import { badRequest, HttpError } from "../../lib/http-error";
import { isVersion, nextVersion, staleWrite } from "../../lib/versioning";
import { contactEmailChanges, contactEmailSql } from "./contact-email";

type User = typeof users.$inferSelect;

/** Written out in full: Drizzle leaves the table name off a column of a query without joins. */
const productCount = sql<number>`(select count(*) from products p where p.store_id = "stores"."id")`.mapWith(
  Number,
);
/** The address shoppers see now (decision 0066), read beside the store. */
const contactEmailInUse = sql<string>`${contactEmailSql('"stores"')}`;

export function toStoreSummary(
  row: StoreRow,
  extra: { productCount: number; contactEmailInUse: string; role?: string | null },
): StoreSummary {
  const contactConfirmed = row.contactEmail !== null && row.contactEmail === row.verifiedContactEmail;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    defaultLocale: row.defaultLocale,
    heroImageUrl: row.heroImageUrl,
    fallbackHeroImage: row.fallbackHeroImage,
    phone: row.phone,
    phoneVerified: row.phone !== null && row.phone === row.verifiedPhone,
    contactEmail: row.contactEmail,
    contactEmailInUse: extra.contactEmailInUse,
    stallFullDocuments: row.stallFullDocuments,
    contactEmailPending: row.contactEmail !== null && !contactConfirmed,
    theme: row.theme,
    ...legalDetailsOf(row),
    productCount: extra.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(extra.role ? { role: extra.role as "owner" | "staff" } : {}),
  };
}

/** The seller's legal details and MVA as every store read carries them (decision 0036). */
export function legalDetailsOf(row: StoreRow): StoreLegalDetails {
  return {
    vatRate: isVatRate(row.vatRate) ? row.vatRate : null,
    legalName: row.legalName,
    orgNumber: row.orgNumber,
    address: row.address,
    termsExtra: row.termsExtra,
  };
}

/** The stores a user is a member of, newest first ("Your Stores"). */
export async function listMemberStores(db: Db, user: User): Promise<StoreSummary[]> {
  const rows = await db
    .select({ store: stores, role: storeMembers.role, productCount, contactEmailInUse })
    .from(stores)
    .innerJoin(storeMembers, and(eq(storeMembers.storeId, stores.id), eq(storeMembers.userId, user.id)))
    .where(isNull(stores.deletedAt))
    .orderBy(desc(stores.createdAt));
  return rows.map((row) => toStoreSummary(row.store, row));
}

export async function getStoreSummary(db: Db, store: StoreRow): Promise<StoreSummary> {
  const [row] = await db
    .select({ productCount, contactEmailInUse })
    .from(stores)
    .where(eq(stores.id, store.id));
  return toStoreSummary(store, {
    productCount: row?.productCount ?? 0,
    contactEmailInUse: row?.contactEmailInUse ?? "",
  });
}

/** Numbered suffixes tried first, for a readable slug; past them, anyone could have squatted the next ones. */
const NUMBERED_SUFFIXES = [2, 3, 4, 5, 6, 7, 8, 9];
const RANDOM_SUFFIX_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function randomSuffix(length = 6): string {
  return Array.from(randomBytes(length), (byte) => RANDOM_SUFFIX_ALPHABET[byte % 32]).join("");
}

/**
 * A slug no live store uses, valid and within the length limit: the slug of `wanted` itself, else it
 * with -2 … -9, else with a random suffix, so squatting a name's numbered slugs cannot block it.
 * Each round is one query over its candidates.
 */
export async function suggestFreeSlug(db: DbOrTx, wanted: string): Promise<string> {
  const base = slugify(wanted) || "shop";
  for (let round = 0; round < 10; round++) {
    const candidates =
      round === 0
        ? [base, ...NUMBERED_SUFFIXES.map((n) => slugWithSuffix(base, String(n)))]
        : Array.from({ length: 4 }, () => slugWithSuffix(base, randomSuffix()));
    const taken = new Set(
      (
        await db
          .select({ slug: stores.slug })
          .from(stores)
          .where(and(isNull(stores.deletedAt), inArray(stores.slug, candidates)))
      ).map((row) => row.slug),
    );
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
  // 36 random six-letter slugs all taken: not a state the store table can be in by chance.
  throw new Error(`no free slug found for ${base}`);
}

/** The 409 of a slug someone else has: the message names it, and a free one is offered instead. */
export async function slugTaken(db: DbOrTx, slug: string) {
  return new HttpError(409, "slugTaken", { slug }, {}, { suggestion: await suggestFreeSlug(db, slug) });
}

export async function isSlugFree(db: DbOrTx, slug: string, exceptStoreId?: string) {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.slug, slug), isNull(stores.deletedAt)));
  return !row || row.id === exceptStoreId;
}

/**
 * The one way a store is made (decision 0031), inside the caller's transaction: the row and its owner.
 * The seller's "new store" and quick-create both come here.
 */
export async function insertStore(tx: DbOrTx, user: User, values: typeof stores.$inferInsert) {
  const [store] = await tx.insert(stores).values(values).returning();
  if (!store) throw new Error("store insert returned no row");
  await tx.insert(storeMembers).values({ storeId: store.id, userId: user.id, role: "owner" });
  return store;
}

/** Creates the store with the user as its owner, in one transaction; a taken slug is a 409 with a free alternative. */
export async function createStore(
  db: Db,
  user: User,
  input: CreateStoreInput,
  onCatalogueChange: OnCatalogueChange,
  extra: Partial<typeof stores.$inferInsert> = {},
) {
  try {
    const created = await db.transaction((tx) =>
      insertStore(tx, user, {
        name: input.name,
        slug: input.slug,
        defaultLocale: input.defaultLocale,
        theme: input.description ? { description: input.description } : {},
        ...extra,
      }),
    );
    // A storefront at this slug may have been asked for (and its absence kept) before it existed.
    onCatalogueChange();
    return created;
  } catch (error) {
    if (isUniqueViolation(error, "stores_slug_live_key")) throw await slugTaken(db, input.slug);
    throw error;
  }
}

/** Saves the settings; refused (409) when `expectedUpdatedAt` names a version that is no longer current. */
export async function updateStore(
  db: Db,
  store: StoreRow,
  input: UpdateStoreInput,
  onCatalogueChange: OnCatalogueChange,
): Promise<StoreRow> {
  const changes: Partial<typeof stores.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.defaultLocale !== undefined) changes.defaultLocale = input.defaultLocale;
  if (input.heroImageUrl !== undefined) changes.heroImageUrl = input.heroImageUrl || null;
  if (input.description !== undefined) {
    const { description: _previous, ...rest } = store.theme;
    changes.theme = input.description ? { ...rest, description: input.description } : rest;
  }
  if (input.vatRate !== undefined) changes.vatRate = input.vatRate;
  if (input.stallFullDocuments !== undefined) changes.stallFullDocuments = input.stallFullDocuments;
  if (input.orgNumber !== undefined)
    changes.orgNumber = input.orgNumber ? normalizeOrgNumber(input.orgNumber) : null;
  for (const key of ["legalName", "address", "termsExtra"] as const) {
    if (input[key] !== undefined) changes[key] = input[key] || null;
  }
  if (input.phone !== undefined) {
    if (!input.phone) {
      changes.phone = null;
    } else {
      const phone = toE164(input.phone);
      if (!phone) throw badRequest("phoneInvalid");
      changes.phone = phone;
    }
    // A new number is not the one the seller proved: it needs its own code before it gets texts.
    if (changes.phone !== store.phone) changes.verifiedPhone = null;
  }
  if (input.contactEmail !== undefined) {
    const contact = await contactEmailChanges(db, store, input.contactEmail || null);
    changes.contactEmail = contact.contactEmail;
    if (contact.verifiedContactEmail !== undefined)
      changes.verifiedContactEmail = contact.verifiedContactEmail;
    // A link sent for an address no longer asked for must not confirm anything.
    if (contact.contactEmail !== store.contactEmail)
      await db
        .delete(storeContactEmailConfirmations)
        .where(eq(storeContactEmailConfirmations.storeId, store.id));
  }
  try {
    const [updated] = await db
      .update(stores)
      .set({ ...changes, updatedAt: nextVersion(stores.updatedAt) })
      .where(and(eq(stores.id, store.id), isVersion(stores.updatedAt, input.expectedUpdatedAt)))
      .returning();
    if (!updated && input.expectedUpdatedAt !== undefined) throw staleWrite();
    if (!updated) throw new Error("store update returned no row");
    onCatalogueChange();
    return updated;
  } catch (error) {
    if (input.slug && isUniqueViolation(error, "stores_slug_live_key")) throw await slugTaken(db, input.slug);
    throw error;
  }
}

/**
 * Soft delete (decision 0014): orders stay for the books, the slug is free again, and the store's QR codes are
 * detached and switched off: they point at the old slug, which the next store to take it would inherit.
 * The seller can link one to another store of theirs (PATCH /api/qr-codes/:id), which points it there.
 */
export async function deleteStore(db: Db, store: StoreRow, onCatalogueChange: OnCatalogueChange) {
  await db.transaction((tx) => softDeleteStores(tx, [store.id]));
  onCatalogueChange();
}

/** deleteStore's rule for several stores inside the caller's transaction (an account being deleted). */
export async function softDeleteStores(tx: DbOrTx, storeIds: string[]) {
  if (storeIds.length === 0) return;
  await tx
    .update(stores)
    .set({ deletedAt: new Date() })
    .where(and(inArray(stores.id, storeIds), isNull(stores.deletedAt)));
  await tx
    .update(qrCodes)
    .set({ storeId: null, isActive: false, updatedAt: new Date() })
    .where(inArray(qrCodes.storeId, storeIds));
}
