import { and, eq, isNull, sql } from "drizzle-orm";
import type { DeliveryOptionView } from "../../../shared/delivery";
import type { PublicStore } from "../../../shared/storefront";
import type { Db } from "../../db/client";
import { stores } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { legalDetailsOf } from "../stores/service";

/**
 * The store's payment providers, as one JSON array. The store's id is written out in full: Drizzle leaves
 * the table name off a column of a query without joins, and a bare "id" here would be the channel's own.
 */
const paymentMethodsJson = sql<PublicStore["paymentMethods"]>`coalesce((
  select json_agg(c.provider order by c.created_at, c.id) from payment_channels c where c.store_id = "stores"."id"), '[]'::json)`;

/**
 * The store's delivery options in the order the seller listed them (as listDeliveryOptions gives them),
 * as one JSON array. Prices as text: numeric in JSON would arrive as a number, and "49.00" as 49.
 */
const deliveryOptionsJson = sql<DeliveryOptionView[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'kind', d.kind, 'price', d.price::text,
    'freeAbove', d.free_above::text, 'note', d.note) order by d.position, d.id)
  from delivery_options d where d.store_id = "stores"."id"), '[]'::json)`;

/** The one statement getPublicStoreBySlug runs (bench/storefront runs its SQL on a bare server too). */
export const publicStoreQuery = (db: Db, slug: string) =>
  db
    .select({ store: stores, paymentMethods: paymentMethodsJson, deliveryOptions: deliveryOptionsJson })
    .from(stores)
    .where(and(eq(stores.slug, slug.toLowerCase()), isNull(stores.deletedAt)));

/**
 * What a shopper may see of a store: no members, no payment account ids, nothing deleted. The SMS
 * number is public on purpose: shoppers text it to order. One statement: the payment methods and
 * delivery options come beside the store as JSON (decision 0042; three round trips before).
 */
export async function getPublicStoreBySlug(db: Db, slug: string): Promise<PublicStore> {
  const [row] = await publicStoreQuery(db, slug);
  if (!row) throw notFound("storeNotFound");
  const { store } = row;
  return {
    id: store.id,
    name: store.name,
    slug: store.slug,
    defaultLocale: store.defaultLocale,
    heroImageUrl: store.heroImageUrl,
    fallbackHeroImage: store.fallbackHeroImage,
    phone: store.phone,
    description: store.theme.description ?? null,
    seoTitle: typeof store.theme.seoTitle === "string" ? store.theme.seoTitle : null,
    seoDescription: typeof store.theme.seoDescription === "string" ? store.theme.seoDescription : null,
    paymentMethods: row.paymentMethods,
    ...legalDetailsOf(store),
    deliveryOptions: row.deliveryOptions,
  };
}
