import type { CreateSaleInput, MarketCatalogue, SaleView } from "../../../../shared/market";
import type { OfflineStorage, QueuedSale, SaleConflict, SaleLineSummary, SettledSale } from "./storage";

/**
 * The offline queue's rules (issue 30, item 4; decision 0077), pure over OfflineStorage: what a sent sale's
 * answer means, in which order the queue goes, what a refusal becomes, and how a conflict is settled.
 * sync.ts runs them in the browser; queue.test.ts runs them over storage in memory.
 */

/** What became of one attempt to send a sale. */
export type SendResult =
  /** The server has it: 201 the first time, 200 when the same clientSaleId came again. */
  | { kind: "sent"; sale: SaleView }
  /** The server answered and will not take it as it is (409 sold out, 400, 404...): a conflict. */
  | { kind: "refused"; status: number; reason: string; productIds: string[] }
  /** No answer, or the server could not take it now (5xx, 429): try again later, unchanged. */
  | { kind: "unreachable" }
  /** The session has ended: kept until the seller signs in again. */
  | { kind: "signedOut" };

export type SendSale = (storeId: string, sale: CreateSaleInput) => Promise<SendResult>;

/** An HTTP status that says "not now" rather than "not this": the same request may succeed later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** A refusal's body: `{ message }`, and the products it names when the server names them. */
export function readRefusal(body: string): { message: string; productIds: string[] } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const record = parsed as Record<string, unknown>;
      const ids = [record.productId, ...(Array.isArray(record.productIds) ? record.productIds : [])];
      return {
        message: typeof record.message === "string" ? record.message : "",
        productIds: ids.filter((id): id is string => typeof id === "string" && id !== ""),
      };
    }
  } catch {
    // A proxy's HTML page: no message to show; the status says enough.
  }
  return { message: "", productIds: [] };
}

/** The wait before the n-th retry of a sale that could not be sent: 2 s, 4 s, 8 s... at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The clientSaleId of a conflict sent again without its sold-out lines: made from the old one, so that
 * settling the same conflict twice (a double tap, a retry after a lost answer) sends one sale, never two.
 * "…-r1", then "…-r2" if that one is refused too; within clientIdSchema's 100 characters.
 */
export function deriveClientSaleId(clientSaleId: string): string {
  const match = /^(.*)-r(\d+)$/.exec(clientSaleId);
  const base = match?.[1] ?? clientSaleId;
  const suffix = `-r${Number(match?.[2] ?? 0) + 1}`;
  return `${base.slice(0, 100 - suffix.length)}${suffix}`;
}

/** What the seller sold, in words, from the catalogue they sold it from (the panel shows it later). */
export function summarizeLines(
  sale: CreateSaleInput,
  catalogue: MarketCatalogue | undefined,
): SaleLineSummary[] {
  return sale.items.map((line) => {
    const item = line.productId
      ? catalogue?.items.find((entry) => entry.productId === line.productId)
      : undefined;
    const variant = line.variantId ? item?.variants.find((entry) => entry.id === line.variantId) : undefined;
    return {
      title: line.title ?? item?.title ?? "",
      variantLabel: variant?.label ?? null,
      qty: line.qty,
      unitPrice: line.unitPrice ?? variant?.price ?? item?.price ?? null,
      productId: line.productId ?? null,
      variantId: line.variantId ?? null,
    };
  });
}

/** A sale for the queue, to be tried at once. */
export function queuedSale(input: {
  storeId: string;
  userId: string;
  sale: CreateSaleInput;
  catalogue: MarketCatalogue | undefined;
  now: Date;
}): QueuedSale {
  return {
    clientSaleId: input.sale.clientSaleId,
    storeId: input.storeId,
    userId: input.userId,
    sale: input.sale,
    lines: summarizeLines(input.sale, input.catalogue),
    queuedAt: input.now.toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
  };
}

/**
 * The catalogue as the phone should show it: the stock less what the queued sales of this store have
 * taken and the server does not know of yet (never below 0; unlimited stays unlimited).
 */
export function withQueuedSalesTaken(
  catalogue: MarketCatalogue,
  queued: readonly QueuedSale[],
): MarketCatalogue {
  const taken = new Map<string, number>();
  for (const entry of queued) {
    if (entry.storeId !== catalogue.storeId) continue;
    for (const line of entry.sale.items) {
      if (!line.productId) continue;
      const key = line.variantId ? `v:${line.variantId}` : `p:${line.productId}`;
      taken.set(key, (taken.get(key) ?? 0) + line.qty);
    }
  }
  if (taken.size === 0) return catalogue;
  const less = (stock: number | null, key: string) =>
    stock === null ? null : Math.max(0, stock - (taken.get(key) ?? 0));
  return {
    ...catalogue,
    items: catalogue.items.map((item) => ({
      ...item,
      stockQty: less(item.stockQty, `p:${item.productId}`),
      variants: item.variants.map((variant) => ({
        ...variant,
        stockQty: less(variant.stockQty, `v:${variant.id}`),
      })),
    })),
  };
}

export interface FlushOutcome {
  sent: { entry: QueuedSale; sale: SaleView }[];
  conflicts: SaleConflict[];
  /** Why sending stopped with sales still queued: unreachable, signed out, or waiting for the backoff. */
  stoppedBy: "unreachable" | "signedOut" | "waiting" | null;
}

/**
 * Sends the account's queued sales, oldest first, each with its own clientSaleId (a sale the server
 * already has answers 200 with it: sent, once). A refusal moves the sale to the conflicts and the queue
 * goes on; no answer stops the queue (the network is gone) and pushes the next try back; a sale still
 * waiting for its backoff stops it too, unless `force` (the network has just come back).
 */
export async function flushQueue(
  storage: OfflineStorage,
  options: { userId: string; send: SendSale; now: () => Date; force?: boolean },
): Promise<FlushOutcome> {
  const outcome: FlushOutcome = { sent: [], conflicts: [], stoppedBy: null };
  const queued = (await storage.listQueued()).filter((entry) => entry.userId === options.userId);
  for (const entry of queued) {
    if (!options.force && entry.nextAttemptAt > options.now().getTime()) {
      outcome.stoppedBy = "waiting";
      break;
    }
    const result = await options.send(entry.storeId, entry.sale);
    if (result.kind === "sent") {
      await storage.removeQueued(entry.clientSaleId);
      outcome.sent.push({ entry, sale: result.sale });
    } else if (result.kind === "refused") {
      const conflict = conflictOf(entry, result, options.now());
      await storage.moveToConflicts(conflict);
      outcome.conflicts.push(conflict);
    } else if (result.kind === "unreachable") {
      const attempts = entry.attempts + 1;
      const nextAttemptAt = options.now().getTime() + backoffMs(attempts);
      await storage.updateQueued({ ...entry, attempts, nextAttemptAt });
      outcome.stoppedBy = "unreachable";
      break;
    } else {
      outcome.stoppedBy = "signedOut";
      break;
    }
  }
  return outcome;
}

function conflictOf(
  entry: QueuedSale,
  refusal: Extract<SendResult, { kind: "refused" }>,
  now: Date,
): SaleConflict {
  const named = new Set(refusal.productIds);
  // Without ids, the refusal names the product in words ("Vase is sold out"): the lines whose title it says.
  if (named.size === 0 && refusal.status === 409) {
    for (const line of entry.lines)
      if (line.productId && line.title && refusal.reason.includes(line.title)) named.add(line.productId);
  }
  return {
    clientSaleId: entry.clientSaleId,
    storeId: entry.storeId,
    userId: entry.userId,
    sale: entry.sale,
    lines: entry.lines,
    queuedAt: entry.queuedAt,
    refusedAt: now.toISOString(),
    status: refusal.status,
    reason: refusal.reason,
    refusedProductIds: [...named],
  };
}

/**
 * The sale a conflict becomes when sent without its sold-out lines, or null when that is not possible
 * (the refusal named no line, or every line was refused). The cash given is left out: it was handed over
 * for the whole sale, and the change it would show for the smaller one was never given.
 */
export function saleWithoutRefusedLines(conflict: SaleConflict): CreateSaleInput | null {
  if (conflict.refusedProductIds.length === 0) return null;
  const refused = new Set(conflict.refusedProductIds);
  const items = conflict.sale.items.filter((line) => !line.productId || !refused.has(line.productId));
  if (items.length === 0 || items.length === conflict.sale.items.length) return null;
  const { amountGiven: _left, ...payment } = conflict.sale.payment;
  return { ...conflict.sale, clientSaleId: deriveClientSaleId(conflict.clientSaleId), items, payment };
}

export type Settlement = "resendWithout" | "cancel" | "retry";

/**
 * Settles a conflict the seller's way: sent again without the sold-out lines (queued under the derived
 * id), recorded as refunded or cancelled (only in the day's log), or tried again as it was.
 */
export async function settleConflict(
  storage: OfflineStorage,
  conflict: SaleConflict,
  how: Settlement,
  now: Date,
): Promise<void> {
  const base = { storeId: conflict.storeId, userId: conflict.userId, now };
  if (how === "retry") {
    const again = queuedSale({ ...base, sale: conflict.sale, catalogue: undefined });
    await storage.settleConflict(conflict.clientSaleId, null, {
      ...again,
      lines: conflict.lines,
      queuedAt: conflict.queuedAt,
    });
    return;
  }
  const record: SettledSale = {
    clientSaleId: conflict.clientSaleId,
    storeId: conflict.storeId,
    userId: conflict.userId,
    lines: conflict.lines,
    how: how === "cancel" ? "cancelled" : "resent",
    replacedBy: null,
    reason: conflict.reason,
    settledAt: now.toISOString(),
  };
  if (how === "cancel") {
    await storage.settleConflict(conflict.clientSaleId, record, null);
    return;
  }
  const sale = saleWithoutRefusedLines(conflict);
  if (!sale) throw new Error("This conflict names no line that can be left out");
  const refused = new Set(conflict.refusedProductIds);
  const replacement: QueuedSale = {
    ...queuedSale({ ...base, sale, catalogue: undefined }),
    lines: conflict.lines.filter((line) => !line.productId || !refused.has(line.productId)),
  };
  await storage.settleConflict(
    conflict.clientSaleId,
    { ...record, replacedBy: sale.clientSaleId },
    replacement,
  );
}

/** The settled records of the seller's day (local time), newest first. */
export function settledOnDay(settled: readonly SettledSale[], day: Date): SettledSale[] {
  const sameDay = (iso: string) => new Date(iso).toDateString() === day.toDateString();
  return settled
    .filter((entry) => sameDay(entry.settledAt))
    .sort((a, b) => b.settledAt.localeCompare(a.settledAt));
}
