import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type DiscountInput,
  type DiscountKind,
  type DiscountState,
  type DiscountView,
  discountAvailability,
  discountRuleOf,
} from "../../../shared/discount";
import type { DbOrTx } from "../../db/client";
import { discountCodes, discountRedemptions, orders, products, type users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { isUuid, requireStoreMember } from "../../lib/guards";
import { HttpError, notFound } from "../../lib/http-error";
import { orderRevenueSql } from "../orders";

type User = typeof users.$inferSelect;
type DiscountRow = typeof discountCodes.$inferSelect;

/**
 * What a code's orders add up to, read with the codes in one statement: the orders that hold a use (a
 * cancel deletes its redemption, so cancelled orders drop out by themselves). Revenue is decision 0076's:
 * what was paid through the order's channel plus what gift cards paid, less gift cards bought.
 */
const codeStats = {
  discountTotal: sql<string>`coalesce(sum(${orders.discountTotal}), 0)::numeric(20, 2)::text`,
  revenue: sql<string>`coalesce(sum(${orderRevenueSql()}), 0)::numeric(20, 2)::text`,
};

async function codesWithStats(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ code: discountCodes, ...codeStats })
    .from(discountCodes)
    .leftJoin(discountRedemptions, eq(discountRedemptions.discountCodeId, discountCodes.id))
    .leftJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(where)
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

function toView(
  { code: row, discountTotal, revenue }: { code: DiscountRow; discountTotal: string; revenue: string },
  now: number,
): DiscountView {
  const rule = discountRuleOf({
    kind: row.kind,
    value: row.value,
    min_order_total: row.minOrderTotal,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    max_uses: row.maxUses,
    uses: row.uses,
    one_per_shopper: row.onePerShopper,
    state: row.state,
    product_ids: row.productIds,
  });
  return {
    id: row.id,
    storeId: row.storeId,
    code: row.code,
    kind: row.kind as DiscountKind,
    value: row.value,
    minOrderTotal: row.minOrderTotal,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    onePerShopper: row.onePerShopper,
    productIds: row.productIds && row.productIds.length > 0 ? row.productIds : null,
    state: row.state as DiscountState,
    uses: row.uses,
    discountTotal,
    revenue,
    active: discountAvailability(rule, now) === undefined,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A store's codes, newest first, each with its uses, the discount its orders got and their revenue. */
export async function listDiscounts(db: DbOrTx, storeId: string, now = Date.now()): Promise<DiscountView[]> {
  const rows = await codesWithStats(db, eq(discountCodes.storeId, storeId));
  return rows.map((row) => toView(row, now));
}

async function discountView(db: DbOrTx, id: string): Promise<DiscountView> {
  const [row] = await codesWithStats(db, eq(discountCodes.id, id));
  if (!row) throw notFound("discountNotFound");
  return toView(row, Date.now());
}

/**
 * The code named in a URL, if the user may manage its store (decision 0004): a code of another seller's
 * store is a 404 like one that does not exist, so ids tell nothing.
 */
export async function requireDiscountOfMember(db: DbOrTx, user: User, id: string): Promise<DiscountRow> {
  if (!isUuid(id)) throw notFound("discountNotFound");
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound("discountNotFound");
  await requireStoreMember(db, user, row.storeId).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? notFound("discountNotFound") : error;
  });
  return row;
}

/** A code may only be limited to the store's own products: another store's id is refused, not kept. */
async function assertStoreProducts(db: DbOrTx, storeId: string, productIds: readonly string[] | null) {
  if (!productIds) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, [...productIds])));
  if (found.length !== productIds.length)
    throw new HttpError(400, "discountProductNotInStore", {}, {}, { field: "productIds" });
}

function columnsOf(input: DiscountInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minOrderTotal: input.minOrderTotal,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    maxUses: input.maxUses,
    onePerShopper: input.onePerShopper,
    productIds: input.productIds,
    state: input.state,
  };
}

/** The same code in any case is one code per store: the unique index decides, even between two saves at once. */
async function refusingTakenCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "discount_codes_store_code_key"))
      throw new HttpError(409, "discountCodeTaken", { code }, {}, { field: "code" });
    throw error;
  }
}

export async function createDiscount(
  db: DbOrTx,
  storeId: string,
  input: DiscountInput,
): Promise<DiscountView> {
  await assertStoreProducts(db, storeId, input.productIds);
  const [row] = await refusingTakenCode(input.code, () =>
    db
      .insert(discountCodes)
      .values({ storeId, ...columnsOf(input) })
      .returning({ id: discountCodes.id }),
  );
  if (!row) throw new Error("discount code not inserted");
  return discountView(db, row.id);
}

/**
 * Replaces the code's terms; pausing, resuming and ending are a change of `state` (a body without one
 * means active, as on create). Its uses stay: they are the orders'.
 */
export async function updateDiscount(
  db: DbOrTx,
  current: DiscountRow,
  input: DiscountInput,
): Promise<DiscountView> {
  await assertStoreProducts(db, current.storeId, input.productIds);
  await refusingTakenCode(input.code, () =>
    db
      .update(discountCodes)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(discountCodes.id, current.id)),
  );
  return discountView(db, current.id);
}

/** Orders keep their copy of the code's text and amount (orders.discount_code_id is set null). */
export async function deleteDiscount(db: DbOrTx, id: string): Promise<void> {
  await db.delete(discountCodes).where(eq(discountCodes.id, id));
}
