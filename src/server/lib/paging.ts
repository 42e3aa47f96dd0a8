/** A page and the size of the whole list, queried side by side. */
export async function paged<T>(
  items: Promise<T[]>,
  total: Promise<number>,
): Promise<{ items: T[]; total: number }> {
  const [pageItems, pageTotal] = await Promise.all([items, total]);
  return { items: pageItems, total: pageTotal };
}

/** The number a `select({ total: count() })` query gives. */
export async function countRows(query: Promise<{ total: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.total ?? 0;
}
