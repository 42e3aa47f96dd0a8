import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsView } from "../../../shared/analytics";
import { toOre } from "../../../shared/money";
import { orderItems, orders, payments } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

const shopper = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };

/** A store with 25 % VAT, pickup and a parcel, and orders placed through checkout, then dated and settled. */
async function seed() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent, "Leirverket");
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  await seller.agent.put(`/api/stores/${store.id}`, { vatRate: 25 });
  const [pickup, parcel] = (
    await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
      { name: "Hent", kind: "pickup", price: "0" },
      { name: "Posten: pakke", kind: "parcel", price: "99", freeAbove: "1000" },
    ])
  ).json();
  const place = async (qty: number, option: { id: string }, placedAt: string, status: string) => {
    const response = await new Agent(t.app).post("/api/orders", {
      ...shopper,
      storeId: store.id,
      deliveryOptionId: option.id,
      shipToAddr: { street: "Storgata 1", post: "0155", city: "Oslo" },
      items: [{ productId: mug.id, qty }],
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    const { id } = response.json();
    await t.database.db
      .update(orders)
      .set({ placedAt: new Date(placedAt), status })
      .where(eq(orders.id, id));
    return id as string;
  };
  const ids = {
    // 23:30 on 31 March in Oslo: March, so not in April's file.
    march: await place(1, parcel, "2026-03-31T21:30:00Z", "paid"),
    // 00:30 on 1 April in Oslo, though 31 March in UTC: April's first.
    aprilFirst: await place(1, parcel, "2026-03-31T22:30:00Z", "paid"),
    aprilPickup: await place(2, pickup, "2026-04-10T10:00:00Z", "fulfilled"),
    aprilFree: await place(3, parcel, "2026-04-12T10:00:00Z", "cancelled"),
    aprilPending: await place(1, pickup, "2026-04-30T21:59:00Z", "pending"),
    may: await place(1, pickup, "2026-04-30T22:00:00Z", "paid"),
    juneDiscounted: await place(2, parcel, "2026-06-15T10:00:00Z", "paid"),
  };
  // As checkout's pricing step writes it (decision 0076): 2 × 349 − 50 (SOMMER) + 99 delivery = 747 of
  // goods and delivery (VAT 149.40), a 500 kr gift card bought (no VAT), 200 kr of it all paid by a gift
  // card: 747 + 500 − 200 = 1 047 left to pay.
  await t.database.db.insert(orderItems).values({
    orderId: ids.juneDiscounted,
    title: "Gavekort",
    unitPrice: "500.00",
    qty: 1,
    giftCard: { recipientName: "Kari" },
  });
  await t.database.db
    .update(orders)
    .set({
      discountCode: "SOMMER",
      discountTotal: "50.00",
      giftCardTotal: "200.00",
      giftCardSales: "500.00",
      totalGross: "1047.00",
      vat: [{ rate: 25, amount: "149.40" }],
    })
    .where(eq(orders.id, ids.juneDiscounted));
  await t.database.db.insert(payments).values({
    orderId: ids.aprilPickup,
    provider: "vipps",
    status: "captured",
    providerTxId: "vipps-123",
    reference: "torg-sales-report-1",
    merchant: "123456",
    amount: "698.00",
    capturedAmount: "698.00",
    // 50 kr given back in the Vipps portal (decision 0056): the refunded column says so.
    refundedAmount: "50.00",
  });
  return { seller, store, ids };
}

let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  seeded = await seed();
});

const report = (agent: Agent, storeId: string, month: string, language = "nb") =>
  agent.request({
    method: "GET",
    url: `/api/stores/${storeId}/sales-report?month=${month}`,
    headers: { "accept-language": language },
  });

/** The file as Excel splits it: the BOM off, CRLF lines, `;` between fields, "" inside quoted fields. */
function parse(body: string) {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const lines = body.slice(1).split("\r\n");
  expect(lines.pop()).toBe("");
  return lines.map((line) => {
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (quoted && char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = !quoted;
      } else if (char === ";" && !quoted) {
        fields.push(field);
        field = "";
      } else {
        field += char;
      }
    }
    return [...fields, field];
  });
}

describe("GET /api/stores/{id}/sales-report (decision 0036)", () => {
  it("is a UTF-8 CSV with BOM, ; and decimal commas: one row per sale (paid, fulfilled) of the Oslo month, with its refund", async () => {
    const response = await report(seeded.seller.agent, seeded.store.id, "2026-04");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${seeded.store.slug}-2026-04.csv"`,
    );
    const [header, ...rows] = parse(response.body);
    expect(header).toEqual([
      "Dato",
      "Ordre",
      "Varer",
      "Frakt",
      "MVA 25 %",
      "MVA 15 %",
      "Totalt",
      "Refundert",
      "Betalingsleverandør",
      "Betalingsreferanse",
      "Status",
      "Rabattkode",
      "Rabatt",
      "Betalt med gavekort",
      "Solgte gavekort",
      "Kanal",
    ]);
    const { ids } = seeded;
    // The cancelled and the pending order of April are no sales: not listed, so no VAT is counted for them.
    expect(rows).toEqual([
      [
        "2026-04-01",
        ids.aprilFirst.slice(0, 8),
        "349,00",
        "99,00",
        "89,60",
        "0,00",
        "448,00",
        "0,00",
        "",
        "",
        "Betalt",
        "",
        "0,00",
        "0,00",
        "0,00",
        "Nettbutikk",
      ],
      [
        "2026-04-10",
        ids.aprilPickup.slice(0, 8),
        "698,00",
        "0,00",
        "139,60",
        "0,00",
        "698,00",
        "50,00",
        "vipps",
        "vipps-123",
        // A pick-up order handed over says so, as on the seller's screens.
        "Klar til henting",
        "",
        "0,00",
        "0,00",
        "0,00",
        "Nettbutikk",
      ],
    ]);
    expect(response.body).not.toContain(ids.aprilFree.slice(0, 8));
    expect(response.body).not.toContain(ids.aprilPending.slice(0, 8));
  });

  it("says the discount, the gift card paid and the gift cards sold; the total is the revenue without gift cards sold (0076)", async () => {
    const response = await report(seeded.seller.agent, seeded.store.id, "2026-06");
    const [header, ...rows] = parse(response.body);
    expect(rows).toEqual([
      [
        "2026-06-15",
        seeded.ids.juneDiscounted.slice(0, 8),
        // Goods before the discount; goods − discount + delivery = the total.
        "698,00",
        "99,00",
        "149,40",
        "0,00",
        "747,00",
        "0,00",
        "",
        "",
        "Betalt",
        "SOMMER",
        "50,00",
        "200,00",
        "500,00",
        "Nettbutikk",
      ],
    ]);
    expect(header).toHaveLength(16);
    const analytics = (
      await seeded.seller.agent.get(`/api/analytics?storeId=${seeded.store.id}&from=2026-06-01&to=2026-06-30`)
    ).json() as AnalyticsView;
    expect(analytics.totals).toMatchObject({
      revenue: "747.00",
      discountTotal: "50.00",
      giftCardSales: "500.00",
    });
  });

  it("adds up, for paid and fulfilled orders, to the analytics page's revenue for the same month", async () => {
    const { agent } = seeded.seller;
    for (const [month, from, to] of [
      ["2026-03", "2026-03-01", "2026-03-31"],
      ["2026-04", "2026-04-01", "2026-04-30"],
      ["2026-05", "2026-05-01", "2026-05-31"],
      ["2026-06", "2026-06-01", "2026-06-30"],
    ] as const) {
      const rows = parse((await report(agent, seeded.store.id, month, "en")).body).slice(1);
      const sale = (row: string[]) => ["Paid", "Fulfilled", "Ready for pick-up"].includes(row[10] ?? "");
      const revenueOre = rows.filter(sale).reduce((sum, row) => sum + toOre(row[6] ?? ""), 0);
      expect(rows.every(sale)).toBe(true);
      const analytics = (
        await agent.get(`/api/analytics?storeId=${seeded.store.id}&from=${from}&to=${to}`)
      ).json() as AnalyticsView;
      expect(revenueOre, month).toBe(toOre(analytics.totals.revenue));
      expect(revenueOre, month).toBe(toOre(analytics.revenueByMonth.at(-1)?.revenue ?? "x"));
      expect(revenueOre).toBeGreaterThan(0);
    }
  });

  it("is 400 for a bad month, 401 signed out and 404 for another seller's store", async () => {
    const { agent } = seeded.seller;
    for (const month of ["2026-13", "2026-4", "april", ""]) {
      const response = await report(agent, seeded.store.id, month, "en");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/YYYY-MM/);
    }
    expect((await report(new Agent(t.app), seeded.store.id, "2026-04")).statusCode).toBe(401);
    const other = await signUp(t.app);
    expect((await report(other.agent, seeded.store.id, "2026-04")).statusCode).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(inArray(orders.id, Object.values(seeded.ids))),
    ).toHaveLength(7);
  });
});
