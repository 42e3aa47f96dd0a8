import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";

/** How many products' stores are kept: far more than a busy shop's catalogue, little memory. */
const KEPT = 20_000;

/**
 * Which store each product belongs to, read once and kept (decision 0080): a product page asked on the
 * platform's host while some store has a domain must know whether its shop lives at one, and a shared
 * link brings many such asks. A product never moves to another store, so what is kept never goes
 * stale; whether that store has a domain is the host map's to say, as it changes.
 */
export class ProductStores {
  private readonly storeIds = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly kept = KEPT,
  ) {}

  /** The product's store's id; undefined for a product nobody has (not kept: a typo costs one read). */
  async storeOf(productId: string): Promise<string | undefined> {
    const known = this.storeIds.get(productId);
    if (known) return known;
    const [row] = await this.db
      .select({ storeId: products.storeId })
      .from(products)
      .where(eq(products.id, productId));
    if (!row) return undefined;
    // The oldest goes first: a Map iterates in the order its keys were added.
    if (this.storeIds.size >= this.kept) {
      const oldest = this.storeIds.keys().next().value;
      if (oldest !== undefined) this.storeIds.delete(oldest);
    }
    this.storeIds.set(productId, row.storeId);
    return row.storeId;
  }
}
