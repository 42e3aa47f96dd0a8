import { discountCodeKey } from "../../../shared/discount";
import { normalizeGiftCardCode } from "../../../shared/gift-card";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../lib/db-errors";
import { badRequest, conflict, type HttpError } from "../../lib/http-error";
import { type IssuedReceipt, issueReceiptsPrepared } from "../orders";
import { readCheckoutFacts } from "./facts";
import {
  type PricedLine,
  type PricedOrder,
  type PriceRequest,
  paidAtOnce,
  priceCheckout,
  stockRefusal,
} from "./price";
import { discountUsesKey, giftCardBalanceKey, type PriceRuleUse, takePriceRules } from "./take-price-rules";
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
    | "shipping_carrier"
    | "shipping_service"
    | "shipping_price_source"
    | "pickup_point"
    | "expected_delivery"
    | "vat"
    | "items"
    | "store_id"
    | "status"
    | "discount_code"
    | "discount_code_id"
    | "discount_total"
    | "gift_card_total"
    | "gift_card_sales"
  >;
  /** Paid as it is placed: a stall sale in cash or on the seller's terminal (decision 0077). */
  paidOnPlacing?: boolean;
}

/** What became of one checkout: written, refused by pricing or by the stock, or skipped (its key was used). */
export type CheckoutOutcome =
  | {
      kind: "placed";
      priced: PricedOrder;
      row: WrittenRow & { placed_at: string | Date; public_token: string };
      soldOut: boolean;
      /** A stall sale paid at placing: its receipt, numbered in the same transaction. */
      receipt: IssuedReceipt | null;
    }
  | { kind: "refused"; refusal: HttpError }
  | { kind: "skipped" };

interface Waiting {
  job: CheckoutJob;
  resolve(outcome: CheckoutOutcome): void;
  reject(error: unknown): void;
  /** How often it was priced again after a code or card it counted on ran short at the lock. */
  repriced: number;
}

/** A checkout whose code or card keeps running short at the lock is refused after this many re-pricings. */
const MAX_REPRICINGS = 5;

/** Where a line's stock is kept: its variant's row, or its product's when it names no variant. */
const stockKey = (line: Pick<PricedLine, "product_id" | "variant_id">) =>
  line.variant_id ? `v:${line.variant_id}` : `p:${line.product_id}`;

/** The lines whose stock is limited: the ones stock is taken for. */
const limitedLines = (order: PricedOrder) => order.lines.filter((line) => line.stock_left !== null);

/** What an order takes of its code's uses and its card's balance, by key (see take-price-rules.ts). */
function priceRuleNeeds(order: PricedOrder): [key: string, amount: number][] {
  const needs: [string, number][] = [];
  if (order.discount) needs.push([discountUsesKey(order.discount.id), 1]);
  if (order.giftCard) needs.push([giftCardBalanceKey(order.giftCard.id), order.giftCard.paysOre]);
  return needs;
}

function priceRuleUse(order: PricedOrder, orderId: string): PriceRuleUse[] {
  if (!order.discount && !order.giftCard) return [];
  return [
    {
      order_id: orderId,
      discount_code_id: order.discount?.id ?? null,
      shopper: order.discount?.shopper ?? null,
      gift_card_id: order.giftCard?.id ?? null,
      gift_card_amount: order.giftCard ? order.giftCardTotal : null,
    },
  ];
}

/**
 * A batch's stock, code uses or card balances were not all there when locked: its transaction is rolled
 * back. `left` holds what the locks found: stock (`p:`/`v:` keys) or uses and balances (`d:`/`g:`).
 */
class Shortfall extends Error {
  constructor(
    readonly priced: (PricedOrder | undefined)[],
    readonly left: ReadonlyMap<string, number>,
    readonly of: "stock" | "priceRules",
  ) {
    super("A batch of checkouts asked for more than is left");
  }
}

function toWrite(job: CheckoutJob, priced: PricedOrder, n: number): OrderToWrite {
  // Nothing left to pay after a price rule: paid at once, nothing to hold its messages for (decision 0076).
  // Or paid on the spot at the stall, in cash or on the seller's terminal (decision 0077).
  const paid = paidAtOnce(priced) || job.paidOnPlacing === true;
  return {
    ...job.order,
    n,
    store_id: priced.store.id,
    status: paid ? "paid" : "pending",
    hold_messages: job.order.hold_messages && priced.totalGross !== "0.00",
    total_gross: priced.totalGross,
    discount_code: priced.discount?.code ?? null,
    discount_code_id: priced.discount?.id ?? null,
    discount_total: priced.discountTotal,
    gift_card_total: priced.giftCardTotal,
    gift_card_sales: priced.giftCardSales,
    ...(priced.shipToAddr ? { ship_to_addr: priced.shipToAddr } : {}),
    delivery_option_id: priced.delivery?.optionId ?? null,
    delivery_name: priced.delivery?.name ?? null,
    delivery_kind: priced.delivery?.kind ?? null,
    delivery_price: priced.delivery?.price ?? null,
    shipping_carrier: priced.shipping?.carrier ?? null,
    shipping_service: priced.shipping?.service ?? null,
    shipping_price_source: priced.shipping?.priceSource ?? null,
    ...(priced.shipping?.pickupPoint ? { pickup_point: priced.shipping.pickupPoint } : {}),
    expected_delivery: priced.shipping?.expectedDelivery ?? null,
    vat: priced.vat,
    items: [
      ...priced.lines.map(({ line, product_id, variant_id, title, variant_label, unit_price, qty }) => ({
        line,
        product_id,
        variant_id,
        title,
        variant_label,
        unit_price,
        qty,
      })),
      ...priced.freeLines.map(({ line, title, unit_price, qty }) => ({
        line,
        product_id: null,
        variant_id: null,
        title,
        variant_label: null,
        unit_price,
        qty,
      })),
      ...priced.giftCardLines.map(({ line, title, unit_price, gift_card }) => ({
        line,
        product_id: null,
        variant_id: null,
        title,
        variant_label: null,
        unit_price,
        qty: 1,
        gift_card,
      })),
    ],
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
      this.waiting.push({ job, resolve, reject, repriced: 0 });
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
    const facts = await readFactsFor(this.database, requests);
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
      let receipts = new Map<string, IssuedReceipt>();
      if (writable.length > 0) {
        left = await this.database.runPreparedTransaction(async (query) => {
          const written = await writeOrders(query, writable);
          for (const [index, row] of written.entries()) rows.set(writable[index]?.n ?? -1, row);
          const wanted = priced
            .filter((order, n): order is PricedOrder => Boolean(order && rows.get(n)?.placed_at))
            .flatMap(limitedLines)
            .map(({ product_id, variant_id, qty }) => ({ product_id, variant_id, qty }));
          const placed = priced.map((order, n) => (rows.get(n)?.placed_at ? order : undefined));
          const taken = await takeStock(query, wanted);
          if (!taken.ok) throw new Shortfall(placed, taken.left, "stock");
          const uses = placed.flatMap((order, n) =>
            order ? priceRuleUse(order, batch[n]?.job.order.order_id ?? "") : [],
          );
          const rules = await takePriceRules(query, uses);
          if (!rules.ok) throw new Shortfall(placed, rules.left, "priceRules");
          // A stall sale paid on the spot is numbered in the transaction that makes it paid (decision 0077).
          receipts = await issueReceiptsPrepared(
            query,
            writable.flatMap((order) =>
              order.channel === "stall" && order.status === "paid" && rows.get(order.n)?.placed_at
                ? [{ storeId: order.store_id, orderId: order.order_id, kind: "sale" as const }]
                : [],
            ),
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
            receipt: receipts.get(waiting.job.order.order_id) ?? null,
          });
      }
    } catch (error) {
      if (error instanceof Shortfall) return this.retryShort(batch, error);
      // The last guard of a one-per-shopper code: another checkout of this e-mail took its use meanwhile.
      if (!committing && batch.length === 1 && isUniqueViolation(error, "discount_redemptions_shopper_key")) {
        batch[0]?.resolve({ kind: "refused", refusal: conflict("discountAlreadyUsed") });
        return;
      }
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
   * The stock, a code's uses or a card's balance ran short between the pricing's read and the lock (other
   * checkouts took them meanwhile), and nothing was written. The orders that fit, in the order they came,
   * go again together; the rest after them, priced again from fresh facts: the stock as it is, a code used
   * up (refused, 409 discountUsedUp), a card with less left (it pays what is left, or 409 giftCardEmpty).
   * One checkout alone short of stock is refused with what its lock found left; one short of a code or
   * card is priced again, a few times at most.
   */
  private async retryShort(batch: Waiting[], shortfall: Shortfall) {
    if (batch.length === 1) {
      const [waiting] = batch as [Waiting];
      const order = shortfall.priced[0];
      if (shortfall.of === "priceRules" && order && waiting.repriced < MAX_REPRICINGS) {
        waiting.repriced += 1;
        return this.settle([waiting]);
      }
      if (shortfall.of === "priceRules") {
        const codeShort =
          order?.discount && (shortfall.left.get(discountUsesKey(order.discount.id)) ?? 0) < 1;
        waiting.resolve({
          kind: "refused",
          refusal: conflict(codeShort ? "discountUsedUp" : "giftCardEmpty"),
        });
        return;
      }
      const lines = order?.lines ?? [];
      const refusal = stockRefusal(lines, (line) => shortfall.left.get(stockKey(line)) ?? line.stock_left);
      waiting.resolve({ kind: "refused", refusal: refusal ?? badRequest("productUnavailable") });
      return;
    }
    const left = new Map(shortfall.left);
    const fits: Waiting[] = [];
    const rest: Waiting[] = [];
    batch.forEach((waiting, n) => {
      const order = shortfall.priced[n];
      const needs: [string, number][] = order
        ? [
            ...limitedLines(order).map((line): [string, number] => [stockKey(line), line.qty]),
            ...priceRuleNeeds(order),
          ]
        : [];
      if (needs.every(([key, amount]) => (left.get(key) ?? amount) >= amount)) {
        for (const [key, amount] of needs) {
          const have = left.get(key);
          if (have !== undefined) left.set(key, have - amount);
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

/** Reads the facts a batch of checkouts (or one quote) is priced from: one statement. */
export function readFactsFor(database: Database, requests: readonly PriceRequest[]) {
  return readCheckoutFacts(database, {
    storeIds: requests.map((request) => request.storeId),
    deliveryOptionIds: requests.flatMap((request) =>
      request.deliveryOptionId ? [request.deliveryOptionId] : [],
    ),
    productIds: requests.flatMap((request) => request.lines.map((line) => line.product_id)),
    variantIds: requests.flatMap((request) =>
      request.lines.flatMap((line) => (line.variant_id ? [line.variant_id] : [])),
    ),
    discountCodes: requests.flatMap((request) =>
      request.discountCode
        ? [
            {
              store_id: request.storeId,
              code: discountCodeKey(request.discountCode),
              shopper: request.buyerEmail,
            },
          ]
        : [],
    ),
    giftCardCodes: requests.flatMap((request) => {
      const code = request.giftCardCode && normalizeGiftCardCode(request.giftCardCode);
      return code ? [code] : [];
    }),
  });
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
