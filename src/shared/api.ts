import { z } from "./zod";

/**
 * What every failure answers (decision 0029): a message in the caller's language, sometimes with more
 * (the field issues of a validation error, a suggested free slug...). Loose, so those extras survive.
 */
export const errorBodySchema = z.looseObject({ message: z.string() }).meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A write with nothing more to say. */
export const okSchema = z.object({ ok: z.boolean() });

/** The error answers every route declares beside its success: 4xx and 5xx are both `{ message }`. */
export const errorResponses = { "4xx": errorBodySchema, "5xx": errorBodySchema } as const;

/**
 * A moment in time: a Date on the server, an ISO 8601 string on the wire (z.input is what the browser
 * receives, z.output what a service returns). For answers built straight from database rows.
 */
export const dateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A body that is not JSON (an image, an archive, a page, Prometheus text): described, not validated. */
export const rawBody = (description: string) => z.any().meta({ description, format: "binary" });

/** An answer with no body (204, a redirect). */
export const noBody = (description: string) => z.undefined().meta({ description });

/** GET /api/health: for load balancers. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.string(),
  latencyMs: z.number(),
});
export const healthDownSchema = z.object({ status: z.literal("unavailable"), message: z.string() });

/** GET /api/auth/options: what the sign-up page needs to know before anyone signs in. */
export const authOptionsSchema = z.object({ signupRestricted: z.boolean() });
