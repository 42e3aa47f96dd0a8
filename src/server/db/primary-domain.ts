import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Which of a store's domains its shop is served at (decision 0080): the first one verified, by
 * `verified_at` and then id; any verified later redirects to it. The rule is written here once: as SQL
 * text for the statements written by hand (the outboxes' claims), and as a Drizzle expression for the rest.
 */
const FIRST_VERIFIED_OF =
  "select d.domain from store_domains d where d.status = 'verified' and d.store_id = ";
const FIRST = " order by d.verified_at, d.id limit 1";

/** The primary domain of the store whose id `storeId` (SQL text, such as `s.id`) names, or null. */
export const primaryDomainText = (storeId: string) => `(${FIRST_VERIFIED_OF}${storeId}${FIRST})`;

/** The same, as an expression over a column or SQL naming the store's id. */
export const primaryDomainSql = (storeId: AnyPgColumn | SQL) =>
  sql<string | null>`(${sql.raw(FIRST_VERIFIED_OF)}${storeId}${sql.raw(FIRST)})`;
