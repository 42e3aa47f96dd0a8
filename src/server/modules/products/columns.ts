import { getTableColumns } from "drizzle-orm";
import { products } from "../../db/schema";

/**
 * A product's own columns, for every read of whole products: the search document (decision 0040) and
 * the start of its view as JSON (decision 0050) are the database's, not the product's.
 */
const { searchVector: _searchVector, viewJsonHead: _viewJsonHead, ...ownColumns } = getTableColumns(products);
export const productColumns = ownColumns;

export type ProductRow = Omit<typeof products.$inferSelect, "searchVector" | "viewJsonHead">;
