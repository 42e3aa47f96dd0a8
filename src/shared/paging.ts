import { z } from "./zod";

/** The furthest a list may be paged: past it a request is refused rather than scanned. */
export const MAX_PAGE_OFFSET = 1_000_000;

/**
 * The response header of a list that answers the spec's plain array of one page: the size of the whole
 * (filtered) list, so a client can page it without the answer changing shape (decisions 0040, 0041).
 * Written once in the zod-free catalogue-paging module, which the storefront's first load uses too.
 */
export { TOTAL_COUNT_HEADER } from "./catalogue-paging";

/** The admin lists show this many rows a page; the client pages by it and the server defaults to it. */
export const ADMIN_PAGE_SIZE = 20;

export interface PageQueryOptions {
  /** Rows when the request names no limit. */
  defaultLimit?: number;
  /** The most rows one request may ask for. */
  maxLimit?: number;
}

/**
 * The one paging query of every list route: `?limit=&offset=`, numbers from the query string, refused
 * with "errors.invalidInput" (a 400 with that message) when out of range. Lists differ only by their
 * default and largest page, so those are the options; the shape is the same everywhere.
 */
export function pageQuerySchema({ defaultLimit = 50, maxLimit = 200 }: PageQueryOptions = {}) {
  return z.object({
    limit: z.coerce
      .number("errors.invalidInput")
      .int("errors.invalidInput")
      .min(1, "errors.invalidInput")
      .max(maxLimit, "errors.invalidInput")
      .default(defaultLimit),
    offset: z.coerce
      .number("errors.invalidInput")
      .int("errors.invalidInput")
      .min(0, "errors.invalidInput")
      .max(MAX_PAGE_OFFSET, "errors.invalidInput")
      .default(0),
  });
}

export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;
