import { ApiError } from "../../lib/api";

/**
 * Edit forms send back the record's `updatedAt` from the query cache as `expectedUpdatedAt`. The cache
 * changes only through this tab's own saves (no refetch on focus), so that is the version the user is
 * editing, and the server refuses (409) a save after a change made elsewhere: another tab, another seller.
 */

/**
 * Whether a failed save was refused as stale (409 `{ message }`), as opposed to the other 409 of the
 * store forms, a taken slug, which always names a free `suggestion`.
 */
export function isStaleSave(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 409) return false;
  try {
    const body: unknown = JSON.parse(err.body);
    return !(body && typeof body === "object" && "suggestion" in body);
  } catch {
    return false;
  }
}
