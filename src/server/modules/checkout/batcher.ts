import type { Database } from "../../db/client";
import { badRequest, type HttpError } from "../../lib/http-error";
import { readCheckoutFacts } from "./facts";
import { type PricedLine, type PricedOrder, type PriceRequest, priceCheckout, stockRefusal } from "./price";
import { type OrderToWrite, takeStock, type WrittenRow, writeOrders } from "./write";

/** One checkout as it waits for its batch: what to price, and the rest of the order to write. */
export interface CheckoutJob {
  price: PriceRequest;
  /** The order's own fields, all but what pricing decides. */
  order: Omit<
    OrderToWrite,
    | "n"
    | "total_gross"
    | "ship_to_addr"
    | "delivery_option_id"
    | "delivery_name"
    | "delivery_kind"
    | "delivery_price"
    | "vat"
    | "items"
    | "store_id"
  >;
}

/** What became of one checkout: written, refused by pricing or by the stock, or skipped (its key was used). */
export type CheckoutOutcome =
  | {
      kind: "placed";
      priced: PricedOrder;
      row: WrittenRow & { placed_at: string | Date; public_token: string };
      soldOut: boolean;
    }
  | { kind: "refused"; refusal: HttpError }
  | { kind: "skipped" };

interface Waiting {
  job: CheckoutJob;
  resolve(outcome: CheckoutOutcome): void;
  reject(error: unknown): void;
}

/** Where a line's stock is kept: its variant's row, or its product's when it names no variant. */
const stockKey = (line: Pick<PricedLine, "product_id" | "variant_id">) =>
  line.variant_id ? `v:${line.variant_id}` : `p:${line.product_id}`;

/** The lines whose stock is limited: the ones stock is taken for. */
const limitedLines = (order: PricedOrder) => order.lines.filter((line) => line.stock_left !== null);

/** A batch's stock was not all there when locked: its transaction is rolled back. */
class Shortfall extends Error {
  constructor(
    readonly priced: (PricedOrder | undefined)[],
    readonly stock: ReadonlyMap<string, number>,
  ) {
    super("A batch of checkouts asked for more stock than is left");
  }
}

function toWrite(job: CheckoutJob, priced: PricedOrder, n: number): OrderToWrite {
  return {
    ...job.order,
    n,
    store_id: priced.store.id,
    total_gross: priced.totalGross,
    ...(priced.shipToAddr ? { ship_to_addr: priced.shipToAddr } : {}),
    delivery_option_id: priced.delivery?.optionId ?? null,
    delivery_name: priced.delivery?.name ?? null,
    delivery_kind: priced.delivery?.kind ?? null,
    delivery_price: priced.delivery?.price ?? null,
    vat: priced.vat,
    items: priced.lines.map(({ line, product_id, variant_id, title, variant_label, unit_price, qty }) => ({
      line,
      product_id,
      variant_id,
      title,
      variant_label,
      unit_price,
      qty,
    })),
  };
}

/** The most checkouts one transaction writes. */
const MAX_BATCH = 32;

/**
 * Checkouts that arrive while others are being written wait and then go together, as one transaction
 * (decision 0043) whose orders one statement writes (decision 0046), one transaction at a time per app
 * server (decision 0054): each BEGIN, stock statement, COMMIT and its flush serves more orders, and the
 * row locks every order of a popular product queues on are taken once per batch. A batch is priced
 * (one read of its facts, then plain TypeScript) before its transaction; only priced orders are written.
 * On an idle server a checkout goes alone at once; under load the batches grow by themselves.
 */
export class CheckoutBatcher {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly database: Database) {}

  place(job: CheckoutJob): Promise<CheckoutOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.running || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, MAX_BATCH);
    this.running = true;
    void this.settle(batch).finally(() => {
      this.running = false;
      this.next();
    });
  }

  /** Prices a batch from one read of its facts: each checkout's order, or its refusal. */
  private async price(batch: Waiting[]) {
    const requests = batch.map((waiting) => waiting.job.price);
    const facts = await readCheckoutFacts(this.database, {
      storeIds: requests.map((request) => request.storeId),
      deliveryOptionIds: requests.flatMap((request) =>
        request.deliveryOptionId ? [request.deliveryOptionId] : [],
      ),
      productIds: requests.flatMap((request) => request.lines.map((line) => line.product_id)),
      variantIds: requests.flatMap((request) =>
        request.lines.flatMap((line) => (line.variant_id ? [line.variant_id] : [])),
      ),
    });
    return requests.map((request) => priceCheckout(request, facts));
  }

  /** Prices and writes a batch and answers each of its checkouts; never rejects. */
  private async settle(batch: Waiting[]): Promise<void> {
    let committing = false;
    try {
      const pricings = await this.price(batch);
      const priced = pricings.map((pricing) => (pricing.ok ? pricing.order : undefined));
      const writable = batch.flatMap((waiting, n) => {
        const order = priced[n];
        return order ? [toWrite(waiting.job, order, n)] : [];
      });
      const rows = new Map<number, WrittenRow>();
      let left = new Map<string, number>();
      if (writable.length > 0) {
        left = await this.database.runPreparedTransaction(async (query) => {
          const written = await writeOrders(query, writable);
          for (const [index, row] of written.entries()) rows.set(writable[index]?.n ?? -1, row);
          const wanted = priced
            .filter((order, n): order is PricedOrder => Boolean(order && rows.get(n)?.placed_at))
            .flatMap(limitedLines)
            .map(({ product_id, variant_id, qty }) => ({ product_id, variant_id, qty }));
          const taken = await takeStock(query, wanted);
          if (!taken.ok)
            throw new Shortfall(
              priced.map((order, n) => (rows.get(n)?.placed_at ? order : undefined)),
              taken.left,
            );
          committing = true;
          return taken.left;
        });
      }
      for (const [n, waiting] of batch.entries()) {
        const pricing = pricings[n];
        const row = rows.get(n);
        if (!pricing?.ok)
          waiting.resolve({ kind: "refused", refusal: (pricing as { refusal: HttpError }).refusal });
        else if (!row?.placed_at || !row.public_token) waiting.resolve({ kind: "skipped" });
        else
          waiting.resolve({
            kind: "placed",
            priced: pricing.order,
            row: { ...row, placed_at: row.placed_at, public_token: row.public_token },
            soldOut: limitedLines(pricing.order).some((line) => left.get(stockKey(line)) === 0),
          });
      }
    } catch (error) {
      if (error instanceof Shortfall) return this.retryShort(batch, error);
      // A failed COMMIT may have committed: only the requests themselves can be retried (with their keys).
      if (committing || batch.length === 1) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Nothing was written: each checkout again on its own, so one bad order fails alone.
      await Promise.all(batch.map((waiting) => this.settle([waiting])));
    }
  }

  /**
   * The stock ran short between the pricing's read and the lock (other checkouts took it meanwhile), and
   * nothing was written. The orders that fit, in the order they came, go again together; the rest after
   * them, whose pricing then sees the stock as it is and refuses them. One checkout alone is refused with
   * what its lock found left.
   */
  private async retryShort(batch: Waiting[], shortfall: Shortfall) {
    if (batch.length === 1) {
      const [waiting] = batch as [Waiting];
      const lines = shortfall.priced[0]?.lines ?? [];
      const refusal = stockRefusal(lines, (line) => shortfall.stock.get(stockKey(line)) ?? line.stock_left);
      waiting.resolve({ kind: "refused", refusal: refusal ?? badRequest("productUnavailable") });
      return;
    }
    const left = new Map(shortfall.stock);
    const fits: Waiting[] = [];
    const rest: Waiting[] = [];
    batch.forEach((waiting, n) => {
      const order = shortfall.priced[n];
      const lines = order ? limitedLines(order) : [];
      if (lines.every((line) => (left.get(stockKey(line)) ?? line.qty) >= line.qty)) {
        for (const line of lines) {
          const key = stockKey(line);
          const stock = left.get(key);
          if (stock !== undefined) left.set(key, stock - line.qty);
        }
        fits.push(waiting);
      } else rest.push(waiting);
    });
    if (fits.length === 0) {
      for (const waiting of rest) await this.settle([waiting]);
      return;
    }
    await this.settle(fits);
    if (rest.length > 0) await this.settle(rest);
  }
}

/** Each database's batcher: two app servers on one PostgreSQL each batch their own checkouts. */
const batchers = new WeakMap<Database, CheckoutBatcher>();

export function batcherOf(database: Database) {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new CheckoutBatcher(database);
    batchers.set(database, batcher);
  }
  return batcher;
}
