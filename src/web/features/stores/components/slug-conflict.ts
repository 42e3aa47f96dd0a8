import { ApiError, errorMessage } from "../../../lib/api";
import type { SlugConflict } from "./slug-status";

/** The 409 of a taken slug as a SlugConflict; null for any other failure. */
export function slugConflict(err: unknown, slug: string): SlugConflict | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  let suggestion: string | null = null;
  try {
    const body: unknown = JSON.parse(err.body);
    if (body && typeof body === "object" && "suggestion" in body && typeof body.suggestion === "string") {
      suggestion = body.suggestion;
    }
  } catch {
    // No JSON body: the message alone still explains the conflict.
  }
  return { slug, message: errorMessage(err, ""), suggestion };
}
