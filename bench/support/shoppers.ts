import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { type ExpectedOrder, reconcileOrders } from "./reconcile";

/**
 * A load of simulated shoppers and sellers against one or more Torg servers, then a reconciliation
 * with the database: what the clients were told must be what PostgreSQL holds.
 *
 * A shopper browses like a person on a phone: the storefront, its products, one product page, now and
 * then a QR scan, then an order with an Idempotency-Key (one in five is sent twice, to another server,
 * as a retry after a lost answer would be), with a pause of `thinkMs` between steps. A seller signs in
 * on one server and works on another: lists orders and changes their status.
 */
export interface LoadPlan {
  servers: string[];
  databaseUrl: string;
  shoppers: number;
  sellers: { email: string; password: string }[];
  durationMs: number;
  thinkMs: [number, number];
  store: { id: string; slug: string; products: { id: string; basePrice: string }[]; qrCode: string };
}

export interface LoadReport {
  requests: number;
  requestsPerSecond: number;
  orders: number;
  ordersPerSecond: number;
  retried: number;
  p50: number;
  p99: number;
  orderP99: number;
  serverErrors: number;
  otherFailures: string[];
  lost: number;
  duplicated: number;
  wrong: number;
  scansSent: number;
  scansCounted: number;
  smsQueued: number;
  smsDeliveredOnce: number;
  smsDeliveredTwice: number;
  crossServerSessionOk: boolean;
}

function percentile(sorted: number[], p: number) {
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
}

const pause = ([min, max]: [number, number]) =>
  new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));

const toOre = (price: string) => Math.round(Number(price) * 100);

const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "br" };

/** GET `url` and read the answer to its end as bytes; its status. */
function drain(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

export async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const latencies: number[] = [];
  const orderLatencies: number[] = [];
  const failures: string[] = [];
  let serverErrors = 0;
  let hop = 0;
  const nextServer = () => plan.servers[hop++ % plan.servers.length] ?? "";

  async function call(
    method: "GET" | "POST" | "PATCH",
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; server?: string; expect?: number[] } = {},
  ) {
    const started = performance.now();
    const response = await fetch(`${options.server ?? nextServer()}${path}`, {
      method,
      redirect: "manual",
      headers: { ...(options.body ? { "content-type": "application/json" } : {}), ...options.headers },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    record(`${method} ${path}`, response.status, elapsed, options.expect ?? [200], text);
    return { status: response.status, text, elapsed, headers: response.headers };
  }

  function record(request: string, status: number, elapsed: number, expected: number[], text = "") {
    latencies.push(elapsed);
    if (status >= 500) serverErrors++;
    if (!expected.includes(status) && failures.length < 20) {
      failures.push(`${request} → ${status} ${text.slice(0, 120)}`);
    }
  }

  /**
   * A shop page as a phone asks for it (HTML, Brotli), read off the wire but not decoded: nobody reads
   * it here, and fetch decoding 200 pages at once in this process took the cores the server shares
   * with it (a cold start looked several times slower at the shoppers that way than with the bodies left
   * encoded).
   */
  async function page(path: string) {
    const started = performance.now();
    const status = await drain(`${nextServer()}${path}`, PAGE_HEADERS);
    record(`GET ${path}`, status, performance.now() - started, [200]);
  }

  const confirmed = new Map<string, ExpectedOrder>();
  const keysSent = new Set<string>();
  let retried = 0;
  let scansSent = 0;
  const deadline = Date.now() + plan.durationMs;
  const priceById = new Map(plan.store.products.map((product) => [product.id, toOre(product.basePrice)]));

  async function shopper() {
    while (Date.now() < deadline) {
      // As a phone does: the server-rendered storefront and a product page, then the cart's fresh prices.
      await page(`/s/${plan.store.slug}`);
      await pause(plan.thinkMs);
      const picks = [...plan.store.products]
        .sort(() => Math.random() - 0.5)
        .slice(0, 1 + Math.floor(Math.random() * 3));
      await page(`/products/${picks[0]?.id}`);
      await pause(plan.thinkMs);
      await call("GET", `/api/stores/${plan.store.id}/products`);
      if (Math.random() < 0.3) {
        const scan = await call("GET", `/q/${plan.store.qrCode}`, { expect: [302] });
        if (scan.status === 302) scansSent++;
      }
      await pause(plan.thinkMs);
      const items = picks.map((product) => ({
        productId: product.id,
        qty: 1 + Math.floor(Math.random() * 3),
      }));
      const key = randomUUID();
      keysSent.add(key);
      const body = {
        storeId: plan.store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items,
      };
      const placed = await call("POST", "/api/orders", {
        body,
        headers: { "idempotency-key": key },
        expect: [201],
      });
      orderLatencies.push(placed.elapsed);
      if (placed.status === 201) {
        const order = JSON.parse(placed.text) as { id: string };
        confirmed.set(order.id, {
          key,
          totalOre: items.reduce((sum, item) => sum + (priceById.get(item.productId) ?? 0) * item.qty, 0),
          lines: items.length,
          qty: items.reduce((sum, item) => sum + item.qty, 0),
        });
        if (Math.random() < 0.2) {
          retried++;
          const again = await call("POST", "/api/orders", {
            body,
            headers: { "idempotency-key": key },
            expect: [200],
          });
          if (again.status === 200 && (JSON.parse(again.text) as { id: string }).id !== order.id) {
            failures.push(`retry of ${key} answered with another order`);
          }
        }
      }
      await pause(plan.thinkMs);
    }
  }

  let crossServerSessionOk = true;
  async function seller(account: { email: string; password: string }, index: number) {
    const home = plan.servers[index % plan.servers.length] ?? "";
    const login = await call("POST", "/api/login", { body: account, server: home });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const statuses = ["paid", "fulfilled", "cancelled", "pending"];
    while (Date.now() < deadline) {
      // Signed in on `home`, working through whichever server is next: sessions live in PostgreSQL.
      const list = await call("GET", `/api/orders?storeId=${plan.store.id}&limit=20`, {
        headers: { cookie },
      });
      if (list.status !== 200) crossServerSessionOk = false;
      const orders = list.status === 200 ? (JSON.parse(list.text) as { id: string; status: string }[]) : [];
      const order = orders[Math.floor(Math.random() * orders.length)];
      if (order) {
        const next = statuses.filter((status) => status !== order.status)[Math.floor(Math.random() * 3)];
        // Another seller may have set the same status a moment earlier: that 409 is the designed answer.
        await call("PATCH", `/api/orders/${order.id}/status`, {
          // Cancelling a sent order asks whether the piece is back (decision 0067): here it always is.
          body: next === "cancelled" ? { status: next, restock: true } : { status: next },
          headers: { cookie },
          expect: [200, 409],
        });
      }
      await pause([plan.thinkMs[0] / 2, plan.thinkMs[1] / 2]);
    }
  }

  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: plan.shoppers }, () => shopper()),
    ...plan.sellers.map((account, index) => seller(account, index)),
  ]);
  const seconds = (performance.now() - started) / 1000;

  const orders = await reconcileOrders(plan.databaseUrl, plan.store.id, { confirmed, keysSent });
  const client = new pg.Client({ connectionString: plan.databaseUrl });
  await client.connect();
  try {
    // Every queued SMS is delivered exactly once, whichever server's worker claimed it.
    const drainedBy = Date.now() + 60_000;
    for (;;) {
      const pending = await client.query<{ n: number }>(
        `select count(*)::int as n from sms_outbox s join orders o on o.id = s.order_id
         where o.store_id = $1 and s.status = 'pending'`,
        [plan.store.id],
      );
      if ((pending.rows[0]?.n ?? 0) === 0 || Date.now() > drainedBy) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const deliveries = await client.query<{ queued: number; once: number; twice: number }>(
      `with per_message as (
         select s.id, count(l.id) filter (where l.status in ('sent', 'logged'))::int as delivered
         from sms_outbox s join orders o on o.id = s.order_id
         left join sms_log l on l.outbox_id = s.id
         where o.store_id = $1 group by s.id)
       select count(*)::int as queued, count(*) filter (where delivered = 1)::int as once,
         count(*) filter (where delivered > 1)::int as twice from per_message`,
      [plan.store.id],
    );
    const scans = await client.query<{ scanned_count: number }>(
      "select scanned_count from qr_codes where code = $1",
      [plan.store.qrCode],
    );
    const sortedLatencies = latencies.sort((a, b) => a - b);
    const sortedOrderLatencies = orderLatencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      requestsPerSecond: latencies.length / seconds,
      orders: confirmed.size,
      ordersPerSecond: confirmed.size / seconds,
      retried,
      p50: percentile(sortedLatencies, 50),
      p99: percentile(sortedLatencies, 99),
      orderP99: percentile(sortedOrderLatencies, 99),
      serverErrors,
      otherFailures: failures,
      lost: orders.lost.length,
      duplicated: orders.duplicatedKeys.length + orders.foreign.length,
      wrong: orders.wrong.length + orders.withoutItems.length,
      scansSent,
      scansCounted: scans.rows[0]?.scanned_count ?? -1,
      smsQueued: deliveries.rows[0]?.queued ?? 0,
      smsDeliveredOnce: deliveries.rows[0]?.once ?? 0,
      smsDeliveredTwice: deliveries.rows[0]?.twice ?? 0,
      crossServerSessionOk,
    };
  } finally {
    await client.end();
  }
}
