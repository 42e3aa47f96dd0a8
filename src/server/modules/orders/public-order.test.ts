import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderItems, orderStatusEvents, orders } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
let shoppers = 0;

/** A seller's store with a mug, and a shopper's order for two of them; answers the order page token. */
async function placedOrder() {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  const placed = await new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: `10.9.0.${++shoppers}`,
    payload: {
      storeId: store.id,
      buyerEmail: "kunde@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      shipToAddr: { address: "Storgata 1, 0155 Oslo" },
      items: [{ productId: mug.id, qty: 2 }],
    },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json() as { id: string; publicUrl: string };
  const token = order.publicUrl.split("/order/")[1] ?? "";
  return { seller, store, order, token };
}

const shopper = () => new Agent(t.app);

describe("the shopper's order by its token", () => {
  it("answers the order from the token in publicUrl, uncached, without the buyer's e-mail or phone", async () => {
    const { store, order, token } = await placedOrder();
    const response = await shopper().get(`/api/orders/by-token/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({
      id: order.id,
      number: order.id.slice(0, 8),
      status: "pending",
      totalGross: "698.00",
      items: [{ title: "Mug", unitPrice: "349.00", qty: 2 }],
      store: { name: store.name, slug: store.slug },
      withdrawal: { withdrawnAt: null, open: true },
    });
    expect(JSON.stringify(body)).not.toContain("kunde@example.no");
    expect(JSON.stringify(body)).not.toContain("4791234567");
  });

  it("is a 404 for a wrong token, a malformed one and another order's id", async () => {
    const { order, token } = await placedOrder();
    const wrong = token.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    for (const attempt of [wrong, "not-a-token", order.id, `${token}0`]) {
      const response = await shopper().get(`/api/orders/by-token/${attempt}`);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json()).toEqual({ message: "Order not found" });
    }
    expect((await shopper().post(`/api/orders/by-token/${wrong}/withdrawal`)).statusCode).toBe(404);
  });
});

describe("the order's discount and gift cards (issue 29)", () => {
  it("carries the code, the discount and the gift card paid; a gift card line names its recipient only", async () => {
    const { order, token } = await placedOrder();
    // Written as checkout writes a priced order (decision 0076): 698 of mugs, 69.80 off, 500 paid by card.
    await t.database.db
      .update(orders)
      .set({
        discountCode: "SOMMER10",
        discountTotal: "69.80",
        giftCardTotal: "500.00",
        totalGross: "128.20",
      })
      .where(eq(orders.id, order.id));
    await t.database.db.insert(orderItems).values({
      orderId: order.id,
      title: "Gift card",
      unitPrice: "250.00",
      qty: 1,
      giftCard: { recipientName: "Kari", recipientEmail: "kari@example.no", message: "Til deg" },
    });
    const response = await shopper().get(`/api/orders/by-token/${token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      discountCode: "SOMMER10",
      discountTotal: "69.80",
      giftCardTotal: "500.00",
      totalGross: "128.20",
    });
    expect(body.items).toEqual([
      expect.objectContaining({
        title: "Gift card",
        unitPrice: "250.00",
        giftCard: { recipientName: "Kari" },
      }),
      expect.objectContaining({ title: "Mug", giftCard: null }),
    ]);
    // The page's link may be forwarded: the recipient's e-mail and the message stay out.
    expect(JSON.stringify(body)).not.toContain("kari@example.no");
    expect(JSON.stringify(body)).not.toContain("Til deg");
  });

  it("an order without codes says so: no code, nothing off, nothing paid by card", async () => {
    const { token } = await placedOrder();
    const body = (await shopper().get(`/api/orders/by-token/${token}`)).json();
    expect(body).toMatchObject({ discountCode: null, discountTotal: "0.00", giftCardTotal: "0.00" });
  });
});

describe("withdrawing (angrerett)", () => {
  it("records the withdrawal within the period, queues the seller's notice and the shopper's receipt, once", async () => {
    const { seller, order, token } = await placedOrder();
    const response = await shopper().post(`/api/orders/by-token/${token}/withdrawal`);
    expect(response.statusCode).toBe(200);
    expect(response.json().withdrawal).toMatchObject({ open: false, withdrawnAt: expect.any(String) });
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(queued.filter((row) => row.purpose === "seller_withdrawal").map((row) => row.toAddress)).toEqual([
      seller.user.email,
    ]);
    expect(
      queued.filter((row) => row.purpose === "withdrawal_confirmation").map((row) => row.toAddress),
    ).toEqual(["kunde@example.no"]);

    const again = await shopper().post(`/api/orders/by-token/${token}/withdrawal`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already withdrawn from this order");
    const after = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(
      after.filter((row) => row.purpose !== "order_confirmation" && row.purpose !== "seller_new_order"),
    ).toHaveLength(2);
  });

  it("an order not delivered yet has no delivery date: its page says the period runs from delivery", async () => {
    const { token } = await placedOrder();
    const read = (await shopper().get(`/api/orders/by-token/${token}`)).json();
    expect(read.withdrawal).toMatchObject({ deliveredAt: null, withdrawnAt: null, open: true });
  });

  it("refuses a withdrawal 15 days after an order that was never delivered", async () => {
    const { order, token } = await placedOrder();
    await t.database.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 15 * DAY_MS) })
      .where(eq(orders.id, order.id));
    expect((await shopper().get(`/api/orders/by-token/${token}`)).json().withdrawal.open).toBe(false);
    const response = await shopper().post(`/api/orders/by-token/${token}/withdrawal`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("The withdrawal period for this order has ended");
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.withdrawnAt).toBeNull();
  });

  it("counts the 14 days from delivery: an order placed 20 days ago and fulfilled 10 days ago may still be withdrawn", async () => {
    const { order, token } = await placedOrder();
    await t.database.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 20 * DAY_MS), status: "fulfilled" })
      .where(eq(orders.id, order.id));
    await t.database.db.insert(orderStatusEvents).values({
      orderId: order.id,
      fromStatus: "pending",
      toStatus: "fulfilled",
      changedAt: new Date(Date.now() - 10 * DAY_MS),
    });
    const read = (await shopper().get(`/api/orders/by-token/${token}`)).json();
    expect(read.withdrawal.open).toBe(true);
    expect(new Date(read.withdrawal.deadline).getTime()).toBeGreaterThan(Date.now() + 3 * DAY_MS);
    // The delivery the page dates the period from (decision 0068).
    expect(
      Math.abs(new Date(read.withdrawal.deliveredAt).getTime() - (Date.now() - 10 * DAY_MS)),
    ).toBeLessThan(60_000);
    expect((await shopper().post(`/api/orders/by-token/${token}/withdrawal`)).statusCode).toBe(200);
  });

  it("refuses a withdrawal from a cancelled order", async () => {
    const { seller, order, token } = await placedOrder();
    const cancelled = await seller.agent.request({
      method: "PATCH",
      url: `/api/orders/${order.id}/status`,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);
    const response = await shopper().post(`/api/orders/by-token/${token}/withdrawal`);
    expect(response.statusCode).toBe(409);
  });
});
