import type { ErrorKey } from "../../shared/i18n";

/**
 * A failure the client caused or should know about. Services throw it; the error handler turns it into
 * `{ message }` with the status, in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** Extra fields for the JSON body next to `message` (for example a suggested free slug). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = "HttpError";
  }
}

export const badRequest = (key: ErrorKey = "invalidInput", params?: Record<string, string | number>) =>
  new HttpError(400, key, params);
export const unauthorized = () => new HttpError(401, "notSignedIn");
export const forbidden = (key: ErrorKey) => new HttpError(403, key);
export const notFound = (key: ErrorKey = "notFound") => new HttpError(404, key);
export const conflict = (key: ErrorKey, params?: Record<string, string | number>) =>
  new HttpError(409, key, params);
