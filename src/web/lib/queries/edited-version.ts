import { useState } from "react";
import { ApiError } from "../api";

/**
 * The version of a record an edit form sends back as `expectedUpdatedAt`: the record's `updatedAt` as
 * the user started editing it. While the form is untouched it follows the record (a refetch shows the
 * newest version); once the user has changed a field it holds, so a change saved meanwhile elsewhere
 * (another tab, another seller) makes the server refuse the save instead of being overwritten.
 */
export function useEditedVersion(updatedAt: string, dirty: boolean): string {
  const [held, setHeld] = useState(updatedAt);
  // Adjusting state while rendering: no extra render with the old version.
  if (!dirty && held !== updatedAt) setHeld(updatedAt);
  return dirty ? held : updatedAt;
}

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
