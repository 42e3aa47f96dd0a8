import { type SQL, sql } from "drizzle-orm";
import { SEARCH_MAX_WORDS } from "../../../shared/catalogue-paging";
import { products } from "../../db/schema";

/**
 * The tsquery of a shopper's search text (decision 0040): every word must match, each stemmed as
 * Norwegian or as English, the last one also as the start of a word (someone still typing "stein"
 * finds "steintøy"). Only letters and digits reach to_tsquery, so no text can be a query-syntax error;
 * undefined when the text has no word at all.
 */
function searchQueryOf(text: string): SQL | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return undefined;
  const terms = words.map((word, n) => {
    const term = n === words.length - 1 ? `${word}:*` : word;
    return sql`(to_tsquery('norwegian', ${term}) || to_tsquery('english', ${term}))`;
  });
  return sql`(${sql.join(terms, sql` && `)})`;
}

/** Which products a search matches and how well; a text without a word matches none. */
export function productSearch(text: string): { where: SQL; rank?: SQL } | undefined {
  if (!text) return undefined;
  const query = searchQueryOf(text);
  if (!query) return { where: sql`false` };
  return {
    // Matched on the store's own rows (its index finds them), not through the GIN index: that index holds
    // every store's products, so a common word fetched tens of thousands of rows to keep the store's few
    // (bench/catalogue: a search in a 2,000-product store among 500,000 products). coalesce() of the
    // never-null column is what keeps the planner off the GIN index.
    where: sql`coalesce(${products.searchVector}, ''::tsvector) @@ ${query}`,
    rank: sql`ts_rank(${products.searchVector}, ${query})`,
  };
}
