import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsView } from "../../../shared/analytics";
import type { DayReport } from "../../../shared/day-report";
import { osloToday } from "../../../shared/day-report";
import type { MarketSessionView, SaleView } from "../../../shared/market";
import { discountCodes, giftCards, products, receipts, saleRefunds } from "../../db/schema";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { addCard, addCode, storeForRules } from "../checkout/price-rules.fixtures";
import { createStallSale } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(() => t.close());

async function stockOf(productId: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
  return row?.stockQty;
}

let refundIds = 0;
const refundId = () => `refund-${++refundIds}-${Date.now()}`;

describe("markets (issue 30)", () => {
  it("opens one market at a time with its opening cash, lists the open one first, closes it once", async () => {
    const { store, agent } = await storeForRules(t);
    const url = `/api/stores/${store.id}/market-sessions`;
    const first = await agent.post(url, { name: "Julemarked på Tjuvholmen", openingCash: "500" });
    expect(first.statusCode, first.body).toBe(201);
    const market = first.json() as MarketSessionView;
    expect(market).toMatchObject({
      name: "Julemarked på Tjuvholmen",
      openingCash: "500.00",
      countedCash: null,
    });

    const second = await agent.post(url, { name: "Another" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "The market “Julemarked på Tjuvholmen” is still open. Close it before opening a new one.",
    );

    const closed = await agent.put(`/api/market-sessions/${market.id}`, { countedCash: "1 234,50" });
    expect(closed.statusCode).toBe(400);
    const closing = await agent.put(`/api/market-sessions/${market.id}`, { countedCash: "1234,50" });
    expect(closing.json()).toMatchObject({ countedCash: "1234.50" });
    expect(closing.json().closedAt).not.toBeNull();
    const again = await agent.put(`/api/market-sessions/${market.id}`, { countedCash: "0" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This market is already closed");

    const next = (await agent.post(url, { name: "Bondens marked" })).json() as MarketSessionView;
    expect(next.openingCash).toBe("0.00");
    const list = (await agent.get(url)).json() as MarketSessionView[];
    expect(list.map((entry) => entry.id)).toEqual([next.id, market.id]);
  });

  it("is the store's members' only: another seller gets 404, nobody signed in 401, a bad body 400", async () => {
    const { store, agent } = await storeForRules(t);
    const market = (await agent.post(`/api/stores/${store.id}/market-sessions`, { name: "Marked" })).json();
    const other = await signUp(t.app);
    expect((await other.agent.get(`/api/stores/${store.id}/market-sessions`)).statusCode).toBe(404);
    expect(
      (await other.agent.put(`/api/market-sessions/${market.id}`, { countedCash: "1" })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/stores/${store.id}/market-sessions` })).statusCode,
    ).toBe(401);
    const blank = await agent.post(`/api/stores/${store.id}/market-sessions`, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Name the market");
  });
});

describe("refunds at the stall (issue 30)", () => {
  it("gives back a line after its discount share, stock back, a refund receipt, once per refund id", async () => {
    const { store, agent, vase, mug } = await storeForRules(t, { vaseStock: "5" });
    const code = await addCode(t, store.id, { kind: "percent", value: "10" });
    const sale = await createStallSale(
      agent,
      store.id,
      [
        { productId: vase.id, qty: 2 },
        { productId: mug.id, qty: 1 },
      ],
      { discountCode: code.code, payment: { method: "cash", amountGiven: "1300" } },
    );
    // 1000 + 349 = 1349, 10 % off = 134.90: 1214.10 to pay.
    expect(sale).toMatchObject({ total: "1214.10", discountTotal: "134.90", status: "paid" });
    expect(await stockOf(vase.id)).toBe(3);
    const vaseLine = sale.items.find((item) => item.productId === vase.id);
    if (!vaseLine) throw new Error("no vase line");

    const body = { clientRefundId: refundId(), lines: [{ itemId: vaseLine.id, qty: 1 }] };
    const refunded = await agent.post(`/api/sales/${sale.id}/refund`, body);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = refunded.json() as SaleView;
    // The vase line's share of the discount: 134.90 × 1000/1349 = 100.00; one of two vases: 450.00.
    expect(after).toMatchObject({
      status: "partly_refunded",
      refundedTotal: "450.00",
      refunds: [
        {
          amount: "450.00",
          giftCardAmount: "0.00",
          method: "cash",
          lines: [{ orderItemId: vaseLine.id, qty: 1, amount: "450.00" }],
          vat: [{ rate: 25, amount: "90.00" }],
          restocked: true,
          receiptNumber: sale.receiptNumber === null ? null : sale.receiptNumber + 1,
        },
      ],
    });
    expect(after.items.find((item) => item.id === vaseLine.id)?.refundedQty).toBe(1);
    expect(await stockOf(vase.id)).toBe(4);

    // The same refund sent again (a retry) is the same refund.
    const repeat = await agent.post(`/api/sales/${sale.id}/refund`, body);
    expect(repeat.json()).toEqual(after);
    expect(await stockOf(vase.id)).toBe(4);
    const rows = await t.database.db.select().from(receipts).where(eq(receipts.orderId, sale.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(["refund", "sale"]);

    // More than is left is refused, naming the product.
    const tooMany = await agent.post(`/api/sales/${sale.id}/refund`, {
      clientRefundId: refundId(),
      lines: [{ itemId: vaseLine.id, qty: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Only 1 of Vase can still be refunded");

    // The rest, not back in stock: the whole sale is given back, exactly what was paid, the code's use too.
    const [codeBefore] = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id));
    expect(codeBefore?.uses).toBe(1);
    const rest = await agent.post(`/api/sales/${sale.id}/refund`, {
      clientRefundId: refundId(),
      restock: false,
    });
    const whole = rest.json() as SaleView;
    expect(whole).toMatchObject({ status: "refunded", refundedTotal: "1214.10" });
    expect(await stockOf(vase.id)).toBe(4);
    const [codeAfter] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(codeAfter?.uses).toBe(0);
    const nothing = await agent.post(`/api/sales/${sale.id}/refund`, { clientRefundId: refundId() });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Everything in this sale has already been refunded");
  });

  it("puts the gift card's share back onto the card and the rest on the card terminal", async () => {
    const { store, agent, vase } = await storeForRules(t);
    const card = await addCard(t, store.id, "200");
    const sale = await createStallSale(agent, store.id, [{ productId: vase.id, qty: 2 }], {
      giftCardCode: card.code,
      payment: { method: "card_terminal", terminalRef: "SumUp 4411" },
    });
    expect(sale).toMatchObject({ giftCardTotal: "200.00", total: "800.00" });
    const line = sale.items[0];
    if (!line) throw new Error("no line");
    const after = (
      await agent.post(`/api/sales/${sale.id}/refund`, {
        clientRefundId: refundId(),
        lines: [{ itemId: line.id, qty: 1 }],
      })
    ).json() as SaleView;
    // 500 back: 200/1000 of it (100) onto the card, 400 on the terminal.
    expect(after.refunds[0]).toMatchObject({
      amount: "500.00",
      giftCardAmount: "100.00",
      method: "card_terminal",
    });
    const [cardAfter] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(cardAfter?.balance).toBe("100.00");
  });

  it("is the store's own stall sales only: another seller's sale, unknown lines and bad ids are refused", async () => {
    const { store, agent, vase } = await storeForRules(t);
    const sale = await createStallSale(agent, store.id, [{ productId: vase.id, qty: 1 }]);
    const other = await signUp(t.app);
    const foreign = await other.agent.post(`/api/sales/${sale.id}/refund`, { clientRefundId: refundId() });
    expect(foreign.statusCode).toBe(404);
    const unknownLine = await agent.post(`/api/sales/${sale.id}/refund`, {
      clientRefundId: refundId(),
      lines: [{ itemId: crypto.randomUUID(), qty: 1 }],
    });
    expect(unknownLine.statusCode).toBe(400);
    expect(unknownLine.json().message).toBe("That line is not in this sale");
    expect(
      (await agent.post(`/api/sales/not-a-sale/refund`, { clientRefundId: refundId() })).statusCode,
    ).toBe(404);
    const badId = await agent.post(`/api/sales/${sale.id}/refund`, { clientRefundId: "x" });
    expect(badId.statusCode).toBe(400);
    expect(await t.database.db.select().from(saleRefunds).where(eq(saleRefunds.orderId, sale.id))).toEqual(
      [],
    );
  });
});

describe("the day report (issue 30)", () => {
  it("adds up a market: sales by method, VAT, refunds and the cash against the count; CSV and PDF", async () => {
    const { store, agent, vase, mug } = await storeForRules(t, { vaseStock: "10" });
    await agent.put(`/api/stores/${store.id}`, { legalName: "Vev og Form AS", orgNumber: "923609016" });
    const market = (
      await agent.post(`/api/stores/${store.id}/market-sessions`, { name: "Julemarked", openingCash: "500" })
    ).json() as MarketSessionView;
    const cash = await createStallSale(agent, store.id, [{ productId: vase.id, qty: 2 }], {
      sessionId: market.id,
      payment: { method: "cash", amountGiven: "1000" },
    });
    await createStallSale(agent, store.id, [{ productId: mug.id, qty: 1 }], {
      sessionId: market.id,
      payment: { method: "card_terminal" },
    });
    const line = cash.items[0];
    if (!line) throw new Error("no line");
    await agent.post(`/api/sales/${cash.id}/refund`, {
      clientRefundId: refundId(),
      lines: [{ itemId: line.id, qty: 1 }],
    });
    await agent.put(`/api/market-sessions/${market.id}`, { countedCash: "990" });

    const response = await agent.get(`/api/stores/${store.id}/day-report?sessionId=${market.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as DayReport;
    expect(report).toMatchObject({
      legalName: "Vev og Form AS",
      orgNumber: "923609016",
      session: { id: market.id, name: "Julemarked" },
      salesCount: 2,
      subtotal: "1349.00",
      discounts: "0.00",
      sold: "1349.00",
      byMethod: [
        { method: "cash", count: 1, amount: "1000.00" },
        { method: "card_terminal", count: 1, amount: "349.00" },
      ],
      vat: [{ rate: 25, amount: "269.80" }],
      refunds: {
        count: 1,
        amount: "500.00",
        byMethod: [{ method: "cash", amount: "500.00" }],
        vat: [{ rate: 25, amount: "100.00" }],
      },
      net: "849.00",
      netVat: [{ rate: 25, amount: "169.80" }],
      // 500 opening + 1000 cash sales − 500 paid out = 1000 expected; 990 counted: 10 short.
      cash: {
        opening: "500.00",
        sales: "1000.00",
        refunds: "500.00",
        expected: "1000.00",
        counted: "990.00",
        difference: "-10.00",
      },
    });
    expect(report.sales.map((sale) => sale.method)).toEqual(["cash", "card_terminal"]);

    // The same figures by day.
    const today = (
      await agent.get(`/api/stores/${store.id}/day-report?date=${osloToday()}`)
    ).json() as DayReport;
    expect(today).toMatchObject({
      salesCount: 2,
      sold: "1349.00",
      net: "849.00",
      cash: { opening: null, expected: "500.00" },
    });

    const csv = await agent.request({
      method: "GET",
      url: `/api/stores/${store.id}/day-report?sessionId=${market.id}&format=csv`,
      headers: { "accept-language": "nb" },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toMatch(/^\uFEFFMarkedsrapport: Julemarked \(\d{4}-\d{2}-\d{2}\)\r\n/);
    expect(csv.body).toContain("Vev og Form AS;Org.nr. 923609016\r\n");
    expect(csv.body).toContain("Forventet kontantbeholdning;1000,00\r\n");
    expect(csv.body).toContain("Differanse (opptalt − forventet);-10,00\r\n");
    expect(csv.body).toContain(";Kontant;2 × Vase;1000,00;0,00;0,00;1000,00;500,00\r\n");

    const pdf = await agent.get(`/api/stores/${store.id}/day-report?sessionId=${market.id}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // The month's sales CSV lists the stall sales as their own channel, the refund in its column.
    const month = await agent.get(`/api/stores/${store.id}/sales-report?month=${osloToday().slice(0, 7)}`);
    const rows = month.body.split("\r\n").filter((row) => row.includes("Market stall"));
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.includes(";1000,00;500,00;"))).toBe(true);
    // Analytics: stall revenue is what was paid less what went back.
    const analytics = (await agent.get(`/api/analytics?storeId=${store.id}`)).json() as AnalyticsView;
    expect(analytics.totals).toMatchObject({
      revenue: "849.00",
      refundedTotal: "500.00",
      byChannel: [
        { channel: "web", revenue: "0.00", orderCount: 0 },
        { channel: "stall", revenue: "849.00", orderCount: 2 },
      ],
    });
  });

  it("refuses a date that is none, another store's market, and other sellers", async () => {
    const { store, agent } = await storeForRules(t);
    const bad = await agent.get(`/api/stores/${store.id}/day-report?date=2026-02-31`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/YYYY-MM-DD/);
    const other = await storeForRules(t);
    const theirs = (
      await other.agent.post(`/api/stores/${other.store.id}/market-sessions`, { name: "Deres" })
    ).json() as MarketSessionView;
    expect((await agent.get(`/api/stores/${store.id}/day-report?sessionId=${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect((await other.agent.get(`/api/stores/${store.id}/day-report`)).statusCode).toBe(404);
    const empty = (await agent.get(`/api/stores/${store.id}/day-report`)).json() as DayReport;
    expect(empty).toMatchObject({ date: osloToday(), salesCount: 0, byMethod: [], sales: [] });
  });
});
