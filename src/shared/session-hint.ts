// Kept apart from auth.ts so the client's entry bundle, which reads it on every page, stays free of zod.

/**
 * A readable companion of the HttpOnly session cookie, holding no secret: it tells the client that a
 * session may exist, so signed-out visitors (every storefront shopper) never ask GET /api/me for a 401.
 */
export const SESSION_HINT_COOKIE = "torg_signed_in";
