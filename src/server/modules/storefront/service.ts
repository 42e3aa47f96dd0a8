import { and, eq, isNull, sql } from "drizzle-orm";
import { shopBrandOf } from "../../../shared/brand";
import type { DeliveryOptionView } from "../../../shared/delivery";
import type { PublicStore } from "../../../shared/storefront";
import type { Db } from "../../db/client";
import { primaryDomainSql } from "../../db/primary-domain";
import { stores } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { contactEmailSql, legalDetailsOf } from "../stores";

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

/**
 * The one statement getPublicStoreBySlug runs, prepared by name: PostgreSQL parses and plans it once per
 * connection (decision 0042). bench/storefront runs it by the same name on its bare server.
 */
export const publicStoreRead = (db: Db) => ({
  name: "torg_public_store",
  query: db
    .select({
      store: stores,
      paymentMethods: paymentMethodsJson,
      deliveryOptions: deliveryOptionsJson,
      contactEmail: sql<string>`${contactEmailSql('"stores"')}`,
      shipsWithBring: sql<boolean>`exists (select 1 from store_carriers c where c.store_id = "stores"."id")`,
      // Written out in full, as paymentMethodsJson's: a bare "id" would be the subquery's own.
      domain: primaryDomainSql(sql.raw('"stores"."id"')),
    })
    .from(stores)
    .where(and(eq(stores.slug, sql.placeholder("slug")), isNull(stores.deletedAt))),
});

const prepared = new WeakMap<Db, ReturnType<typeof preparePublicStore>>();

function preparePublicStore(db: Db) {
  const read = publicStoreRead(db);
  return read.query.prepare(read.name);
}

/**
 * What a shopper may see of a store: no members, no payment account ids, nothing deleted. The SMS
 * number is public on purpose: shoppers text it to order. One statement: the payment methods and
 * delivery options come beside the store as JSON (decision 0042; three round trips before).
 */
export async function getPublicStoreBySlug(db: Db, slug: string): Promise<PublicStore> {
  let read = prepared.get(db);
  if (!read) {
    read = preparePublicStore(db);
    prepared.set(db, read);
  }
  const [row] = await read.execute({ slug: slug.toLowerCase() });
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
    contactEmail: row.contactEmail,
    description: store.theme.description ?? null,
    seoTitle: typeof store.theme.seoTitle === "string" ? store.theme.seoTitle : null,
    seoDescription: typeof store.theme.seoDescription === "string" ? store.theme.seoDescription : null,
    paymentMethods: row.paymentMethods,
    ...legalDetailsOf(store),
    deliveryOptions: row.deliveryOptions,
    shipsWithBring: row.shipsWithBring,
    domain: row.domain,
    brand: shopBrandOf(store),
  };
}
