import { describe, expect, it } from "vitest";
import type { CreateSaleInput, MarketCatalogue, SaleView } from "../../../../shared/market";
import {
  backoffMs,
  deriveClientSaleId,
  flushQueue,
  queuedSale,
  readRefusal,
  type SendResult,
  saleWithoutRefusedLines,
  settleConflict,
  settledOnDay,
  withQueuedSalesTaken,
} from "./queue";
import type { OfflineStorage, QueuedSale, SaleConflict, SettledSale, StoredCatalogue } from "./storage";

/** OfflineStorage in memory, with the same contract as idb-storage.ts (order, one list at a time). */
function memoryStorage(): OfflineStorage & {
  queue: QueuedSale[];
  conflictList: SaleConflict[];
  log: SettledSale[];
} {
  const catalogues = new Map<string, StoredCatalogue>();
  let order = 0;
  const memory = {
    queue: [] as QueuedSale[],
    conflictList: [] as SaleConflict[],
    log: [] as SettledSale[],
    async readCatalogue(storeId: string) {
      return catalogues.get(storeId);
    },
    async writeCatalogue(entry: StoredCatalogue) {
      catalogues.set(entry.storeId, entry);
    },
    async dropCatalogue(storeId: string) {
      catalogues.delete(storeId);
    },
    async listQueued() {
      return structuredClone(memory.queue);
    },
    async addQueued(sale: QueuedSale) {
      if (!memory.queue.some((entry) => entry.clientSaleId === sale.clientSaleId))
        memory.queue.push({ ...structuredClone(sale), order: ++order });
    },
    async updateQueued(sale: QueuedSale) {
      memory.queue = memory.queue.map((entry) =>
        entry.clientSaleId === sale.clientSaleId ? { ...structuredClone(sale), order: entry.order } : entry,
      );
    },
    async removeQueued(clientSaleId: string) {
      memory.queue = memory.queue.filter((entry) => entry.clientSaleId !== clientSaleId);
    },
    async moveToConflicts(conflict: SaleConflict) {
      await memory.removeQueued(conflict.clientSaleId);
      memory.conflictList = [
        ...memory.conflictList.filter((entry) => entry.clientSaleId !== conflict.clientSaleId),
        structuredClone(conflict),
      ];
    },
    async listConflicts() {
      return structuredClone(memory.conflictList);
    },
    async settleConflict(clientSaleId: string, settled: SettledSale | null, replacement: QueuedSale | null) {
      memory.conflictList = memory.conflictList.filter((entry) => entry.clientSaleId !== clientSaleId);
      // Keyed by clientSaleId, as in IndexedDB: settling again replaces the record.
      if (settled)
        memory.log = [
          ...memory.log.filter((entry) => entry.clientSaleId !== clientSaleId),
          structuredClone(settled),
        ];
      if (replacement) await memory.addQueued(replacement);
    },
    async listSettled() {
      return structuredClone(memory.log);
    },
    async pruneSettled(before: string) {
      memory.log = memory.log.filter((entry) => entry.settledAt >= before);
    },
  };
  return memory;
}

const STORE = "8f7c2f62-1d7a-4f5e-9b43-7f7d1b6f0c11";
const VASE = "0b8f1a44-1f7e-4a63-9d52-1f3f0f4b7a01";
const BOWL = "0b8f1a44-1f7e-4a63-9d52-1f3f0f4b7a02";
const MUG = "0b8f1a44-1f7e-4a63-9d52-1f3f0f4b7a03";
const MUG_BLUE = "0b8f1a44-1f7e-4a63-9d52-1f3f0f4b7a04";
const USER = "user-1";

const catalogue: MarketCatalogue = {
  storeId: STORE,
  storeName: "Solveigs Keramikk",
  vatRate: 25,
  vippsAvailable: true,
  fullDocuments: false,
  openMarket: null,
  fetchedAt: "2026-11-29T10:00:00.000Z",
  items: [
    {
      productId: VASE,
      title: "Vase",
      price: "450.00",
      imageUrl: null,
      stockQty: 1,
      variants: [],
      lastSoldAt: null,
    },
    {
      productId: BOWL,
      title: "Bowl",
      price: "250.00",
      imageUrl: null,
      stockQty: null,
      variants: [],
      lastSoldAt: null,
    },
    {
      productId: MUG,
      title: "Mug",
      price: "200.00",
      imageUrl: null,
      stockQty: null,
      variants: [{ id: MUG_BLUE, label: "Blue", price: "220.00", stockQty: 3 }],
      lastSoldAt: null,
    },
  ],
};

function cashSale(clientSaleId: string, items: CreateSaleInput["items"]): CreateSaleInput {
  return {
    clientSaleId,
    soldAt: "2026-11-29T10:05:00.000Z",
    items,
    payment: { method: "cash", amountGiven: "1000.00" },
  };
}

const now = () => new Date("2026-11-29T10:10:00.000Z");
const queue = (sale: CreateSaleInput, userId = USER) =>
  queuedSale({ storeId: STORE, userId, sale, catalogue, now: now() });
const answered = (sale: CreateSaleInput) => ({ id: `order-${sale.clientSaleId}` }) as SaleView;

/** A server in memory: one sale per clientSaleId, stock taken once, a sold-out piece refused with 409. */
function fakeServer(stock: Record<string, number>) {
  const sales = new Map<string, SaleView>();
  const calls: string[] = [];
  let reachable = true;
  const send = async (_storeId: string, sale: CreateSaleInput): Promise<SendResult> => {
    calls.push(sale.clientSaleId);
    if (!reachable) return { kind: "unreachable" };
    const known = sales.get(sale.clientSaleId);
    if (known) return { kind: "sent", sale: known };
    for (const line of sale.items) {
      const key = line.variantId ?? line.productId;
      if (key && key in stock && (stock[key] ?? 0) < line.qty)
        return { kind: "refused", status: 409, reason: "Vase is sold out", productIds: [] };
    }
    for (const line of sale.items) {
      const key = line.variantId ?? line.productId;
      if (key && key in stock) stock[key] = (stock[key] ?? 0) - line.qty;
    }
    const view = answered(sale);
    sales.set(sale.clientSaleId, view);
    return { kind: "sent", sale: view };
  };
  return { send, sales, calls, stock, setReachable: (value: boolean) => (reachable = value) };
}

describe("the offline queue", () => {
  it("sends queued sales oldest first, and a sale sent three times is one sale", async () => {
    const storage = memoryStorage();
    const server = fakeServer({ [VASE]: 1 });
    await storage.addQueued(queue(cashSale("sale-0001", [{ productId: BOWL, qty: 1 }])));
    await storage.addQueued(queue(cashSale("sale-0002", [{ productId: VASE, qty: 1 }])));
    // The same sale queued again (a double tap) stays one entry.
    await storage.addQueued(queue(cashSale("sale-0001", [{ productId: BOWL, qty: 1 }])));

    const first = await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(server.calls).toEqual(["sale-0001", "sale-0002"]);
    expect(first.sent.map(({ entry }) => entry.clientSaleId)).toEqual(["sale-0001", "sale-0002"]);
    expect(storage.queue).toEqual([]);

    // The answer was lost on the way back: the phone queues the same sale again and sends it twice more.
    await storage.addQueued(queue(cashSale("sale-0002", [{ productId: VASE, qty: 1 }])));
    await flushQueue(storage, { userId: USER, send: server.send, now });
    await storage.addQueued(queue(cashSale("sale-0002", [{ productId: VASE, qty: 1 }])));
    await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(server.sales.size).toBe(2);
    expect(server.stock[VASE]).toBe(0);
    expect(storage.conflictList).toEqual([]);
  });

  it("stops without an answer, keeps the sale, and waits its backoff before the next try", async () => {
    const storage = memoryStorage();
    const server = fakeServer({});
    server.setReachable(false);
    await storage.addQueued(queue(cashSale("sale-0001", [{ productId: BOWL, qty: 1 }])));
    await storage.addQueued(queue(cashSale("sale-0002", [{ productId: BOWL, qty: 2 }])));

    const outcome = await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(outcome.stoppedBy).toBe("unreachable");
    expect(server.calls).toEqual(["sale-0001"]);
    expect(storage.queue.map((entry) => [entry.clientSaleId, entry.attempts])).toEqual([
      ["sale-0001", 1],
      ["sale-0002", 0],
    ]);
    expect(storage.queue[0]?.nextAttemptAt).toBe(now().getTime() + backoffMs(1));

    server.setReachable(true);
    const early = await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(early.stoppedBy).toBe("waiting");
    expect(server.calls).toHaveLength(1);
    // The network came back (the online event): the backoff does not hold the queue.
    const back = await flushQueue(storage, { userId: USER, send: server.send, now, force: true });
    expect(back.sent).toHaveLength(2);
    expect(storage.queue).toEqual([]);
  });

  it("moves a refused sale to the conflicts, never losing it, and goes on with the next", async () => {
    const storage = memoryStorage();
    const server = fakeServer({ [VASE]: 0 });
    await storage.addQueued(
      queue(
        cashSale("sale-0001", [
          { productId: VASE, qty: 1 },
          { productId: BOWL, qty: 2 },
        ]),
      ),
    );
    await storage.addQueued(queue(cashSale("sale-0002", [{ productId: BOWL, qty: 1 }])));

    const outcome = await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(outcome.sent.map(({ entry }) => entry.clientSaleId)).toEqual(["sale-0002"]);
    expect(storage.queue).toEqual([]);
    expect(storage.conflictList).toHaveLength(1);
    const conflict = storage.conflictList[0] as SaleConflict;
    expect(conflict).toMatchObject({ clientSaleId: "sale-0001", status: 409, reason: "Vase is sold out" });
    // Named by title in the server's words: the line to leave out is known.
    expect(conflict.refusedProductIds).toEqual([VASE]);
    expect(conflict.lines.map((line) => [line.title, line.qty, line.unitPrice])).toEqual([
      ["Vase", 1, "450.00"],
      ["Bowl", 2, "250.00"],
    ]);
  });

  it("keeps a sale queued while the session has ended", async () => {
    const storage = memoryStorage();
    await storage.addQueued(queue(cashSale("sale-0001", [{ productId: BOWL, qty: 1 }])));
    const outcome = await flushQueue(storage, {
      userId: USER,
      send: async () => ({ kind: "signedOut" }),
      now,
    });
    expect(outcome.stoppedBy).toBe("signedOut");
    expect(storage.queue).toHaveLength(1);
    expect(storage.conflictList).toHaveLength(0);
  });

  it("sends only the signed-in seller's sales", async () => {
    const storage = memoryStorage();
    const server = fakeServer({});
    await storage.addQueued(queue(cashSale("sale-other", [{ productId: BOWL, qty: 1 }]), "user-2"));
    await storage.addQueued(queue(cashSale("sale-mine", [{ productId: BOWL, qty: 1 }])));
    await flushQueue(storage, { userId: USER, send: server.send, now });
    expect(server.calls).toEqual(["sale-mine"]);
    expect(storage.queue.map((entry) => entry.clientSaleId)).toEqual(["sale-other"]);
  });
});

describe("settling a conflict", () => {
  async function withConflict() {
    const storage = memoryStorage();
    const server = fakeServer({ [VASE]: 0 });
    await storage.addQueued(
      queue(
        cashSale("sale-0001", [
          { productId: VASE, qty: 1 },
          { productId: BOWL, qty: 2 },
        ]),
      ),
    );
    await flushQueue(storage, { userId: USER, send: server.send, now });
    return { storage, server, conflict: storage.conflictList[0] as SaleConflict };
  }

  it("sends it again without the sold-out line, under an id derived from the old one", async () => {
    const { storage, server, conflict } = await withConflict();
    await settleConflict(storage, conflict, "resendWithout", now());
    // Settled twice (a double tap): one replacement.
    await settleConflict(storage, conflict, "resendWithout", now());
    expect(storage.conflictList).toEqual([]);
    expect(storage.queue.map((entry) => entry.clientSaleId)).toEqual(["sale-0001-r1"]);
    expect(storage.queue[0]?.sale.items).toEqual([{ productId: BOWL, qty: 2 }]);
    expect(storage.queue[0]?.sale.payment).toEqual({ method: "cash" });
    expect(storage.log.map((entry) => [entry.how, entry.replacedBy])).toEqual([["resent", "sale-0001-r1"]]);

    await flushQueue(storage, { userId: USER, send: server.send, now });
    expect([...server.sales.keys()]).toEqual(["sale-0001-r1"]);
  });

  it("records a cancelled sale in the day's log only", async () => {
    const { storage, conflict } = await withConflict();
    await settleConflict(storage, conflict, "cancel", now());
    expect(storage.conflictList).toEqual([]);
    expect(storage.queue).toEqual([]);
    expect(settledOnDay(storage.log, now()).map((entry) => [entry.clientSaleId, entry.how])).toEqual([
      ["sale-0001", "cancelled"],
    ]);
    expect(settledOnDay(storage.log, new Date("2026-12-01T10:00:00.000Z"))).toEqual([]);
  });

  it("tries it again as it was, with the same id", async () => {
    const { storage, server, conflict } = await withConflict();
    server.stock[VASE] = 1;
    await settleConflict(storage, conflict, "retry", now());
    expect(storage.queue.map((entry) => entry.clientSaleId)).toEqual(["sale-0001"]);
    await flushQueue(storage, { userId: USER, send: server.send, now });
    expect([...server.sales.keys()]).toEqual(["sale-0001"]);
    expect(storage.log).toEqual([]);
  });

  it("offers no resend when nothing would be left, or the refusal named no line", () => {
    const base = {
      storeId: STORE,
      userId: USER,
      lines: [],
      queuedAt: now().toISOString(),
      refusedAt: now().toISOString(),
      status: 409,
      reason: "",
    };
    const only = cashSale("sale-0001", [{ productId: VASE, qty: 1 }]);
    expect(
      saleWithoutRefusedLines({ ...base, clientSaleId: "sale-0001", sale: only, refusedProductIds: [VASE] }),
    ).toBe(null);
    const two = cashSale("sale-0002", [
      { productId: VASE, qty: 1 },
      { productId: BOWL, qty: 1 },
    ]);
    expect(
      saleWithoutRefusedLines({ ...base, clientSaleId: "sale-0002", sale: two, refusedProductIds: [] }),
    ).toBe(null);
  });
});

describe("the rules", () => {
  it("derives resend ids deterministically and within 100 characters", () => {
    expect(deriveClientSaleId("a1b2c3d4")).toBe("a1b2c3d4-r1");
    expect(deriveClientSaleId("a1b2c3d4-r1")).toBe("a1b2c3d4-r2");
    expect(deriveClientSaleId("a1b2c3d4-r9")).toBe("a1b2c3d4-r10");
    const long = "x".repeat(100);
    expect(deriveClientSaleId(long)).toHaveLength(100);
    expect(deriveClientSaleId(long)).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it("grows the backoff to five minutes at most", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(40)).toBe(300_000);
  });

  it("reads a refusal's message and the products it names", () => {
    expect(readRefusal('{"message":"Vase is sold out","productId":"p1"}')).toEqual({
      message: "Vase is sold out",
      productIds: ["p1"],
    });
    expect(readRefusal('{"message":"x","productIds":["p1","p2"]}').productIds).toEqual(["p1", "p2"]);
    expect(readRefusal("<html>Bad gateway</html>")).toEqual({ message: "", productIds: [] });
  });

  it("shows the stock less what the queued sales took, never below nothing", () => {
    const sales: QueuedSale[] = [
      queue(
        cashSale("sale-0001", [
          { productId: VASE, qty: 1 },
          { productId: MUG, variantId: MUG_BLUE, qty: 2 },
        ]),
      ),
      queue(
        cashSale("sale-0002", [
          { productId: VASE, qty: 1 },
          { productId: BOWL, qty: 5 },
        ]),
      ),
      {
        ...queue(cashSale("sale-0003", [{ productId: MUG, variantId: MUG_BLUE, qty: 1 }])),
        storeId: "another",
      },
    ];
    const shown = withQueuedSalesTaken(catalogue, sales);
    expect(shown.items.map((item) => item.stockQty)).toEqual([0, null, null]);
    expect(shown.items[2]?.variants[0]?.stockQty).toBe(1);
    expect(catalogue.items[0]?.stockQty).toBe(1);
  });
});
