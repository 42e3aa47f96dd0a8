import { sql } from "drizzle-orm";
import type { ShopAddress } from "../../../shared/shop-address";
import type { DbOrTx } from "../../db/client";
import { primaryDomainSql } from "../../db/primary-domain";

const primaryDomain = primaryDomainSql(sql.raw("s.id"));

/**
 * Where a store's shop lives, by the store's id, in one statement: for the links made where only the
 * id is at hand (texts, QR codes, payment return addresses). Undefined for a store that is no more.
 */
export async function shopAddressOf(db: DbOrTx, storeId: string): Promise<ShopAddress | undefined> {
  const { rows } = await db.execute<{ slug: string; domain: string | null }>(
    sql`select s.slug, ${primaryDomain} as domain from stores s where s.id = ${storeId}`,
  );
  const row = rows[0];
  return row ? { slug: row.slug, domain: row.domain ?? null } : undefined;
}

/** Where the shop a product belongs to lives, with the store's id, in one statement. */
export async function shopAddressOfProduct(
  db: DbOrTx,
  productId: string,
): Promise<(ShopAddress & { storeId: string }) | undefined> {
  const { rows } = await db.execute<{ store_id: string; slug: string; domain: string | null }>(
    sql`select s.id as store_id, s.slug, ${primaryDomain} as domain
      from products p join stores s on s.id = p.store_id where p.id = ${productId}`,
  );
  const row = rows[0];
  return row ? { storeId: row.store_id, slug: row.slug, domain: row.domain ?? null } : undefined;
}
