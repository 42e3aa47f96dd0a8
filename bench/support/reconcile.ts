import pg from "pg";

/** An order a client was told exists (a 2xx), as it must be stored. */
export interface ExpectedOrder {
  key: string;
  totalOre: number;
  lines: number;
  qty: number;
}

/** What a load told its clients: the orders confirmed by id, and every Idempotency-Key it sent. */
export interface OrdersSent {
  confirmed: ReadonlyMap<string, ExpectedOrder>;
  keysSent: ReadonlySet<string>;
}

async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function queryRows<Row extends pg.QueryResultRow>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  return withClient(databaseUrl, async (client) => (await client.query<Row>(sql, params)).rows);
}

/**
 * What clients were told against what PostgreSQL holds: every order confirmed with a 2xx must exist
 * with all its items and the right total; no order may lack items; no key may have two orders.
 */
export async function reconcileOrders(databaseUrl: string, storeId: string, load: OrdersSent) {
  const rows = await queryRows<{
    id: string;
    key: string | null;
    total_ore: number;
    lines: number;
    qty: number;
  }>(
    databaseUrl,
    `select o.id, o.idempotency_key as key, (o.total_gross * 100)::int as total_ore,
       count(i.id)::int as lines, coalesce(sum(i.qty), 0)::int as qty
     from orders o left join order_items i on i.order_id = o.id where o.store_id = $1 group by o.id`,
    [storeId],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lost = [...load.confirmed.keys()].filter((id) => !byId.has(id));
  const wrong = [...load.confirmed.entries()]
    .filter(([id, expected]) => {
      const row = byId.get(id);
      return (
        row &&
        (row.total_ore !== expected.totalOre ||
          row.lines !== expected.lines ||
          row.qty !== expected.qty ||
          row.key !== expected.key)
      );
    })
    .map(([id]) => id);
  const perKey = new Map<string, number>();
  for (const row of rows) perKey.set(row.key ?? "(none)", (perKey.get(row.key ?? "(none)") ?? 0) + 1);
  const duplicatedKeys = [...perKey.entries()].filter(([, n]) => n > 1).map(([key]) => key);
  const foreign = rows.filter((row) => !row.key || !load.keysSent.has(row.key)).map((row) => row.id);
  const withoutItems = rows.filter((row) => row.lines === 0).map((row) => row.id);
  return { stored: rows.length, lost, wrong, duplicatedKeys, foreign, withoutItems };
}
