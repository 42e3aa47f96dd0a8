import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { conflict } from "./http-error";

/**
 * Optimistic concurrency for records an edit form saves (stores, products): every update sets a new
 * `updated_at`, and a save that names the version it edited (`expectedUpdatedAt`, see
 * src/shared/versioning.ts) matches it in the UPDATE's own WHERE, so of two saves from the same
 * version exactly one changes the row.
 *
 * Versions compare to the millisecond, the precision a browser's Date keeps (rows inserted with
 * now() carry microseconds).
 */

/** The new `updated_at` of an update: now, and at least a millisecond after the version it replaces. */
export const nextVersion = (column: AnyColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;

/** The WHERE condition "still the version the client edited", or nothing when it named none. */
export const isVersion = (column: AnyColumn, expected: string | undefined): SQL | undefined =>
  expected === undefined
    ? undefined
    : sql`date_trunc('milliseconds', ${column}) = ${new Date(expected).toISOString()}::timestamptz`;

/** The answer to a save from a version that is no longer current. */
export const staleWrite = () => conflict("staleWrite");
