import type { z } from "zod";
import type { ErrorKey } from "../../shared/i18n";
import { HttpError } from "./http-error";

/**
 * For input that does not come through a route schema (multipart fields, optional JSON bodies):
 * the same schema, the same 400 with the first issue's message.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "";
  const key = (message.startsWith("errors.") ? message.slice("errors.".length) : "invalidInput") as ErrorKey;
  throw new HttpError(400, key);
}
