/**
 * Issue 33 item 9 and the seller's minor items (decision 0067): a cancelled order can be reopened (D18),
 * taking its stock again or answering 409 naming the product that is gone, refused only once its online
 * payment was refunded; cancelling a sent or withdrawn order asks whether the piece is back and restocks
 * only when it is; a refund learnt only from a provider read is mailed to the shopper, once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, products } from "../../db/schema";
import { type FakeStripe, startFakeStripe } from "../../test/fakes/stripe";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import {
  checkout,
  deliverStripe,
  orderState,
  paymentEnv,
  STRIPE_ACCOUNT,
  storeWithChannels,
  tokenOf,
} from "../payments/testing";

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(paymentEnv(undefined, stripe));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const buyer = { buyerEmail: "kunde@example.no", shipToName: "Nora Kunde", shipToPhone: "+47 912 34 567" };

async function sellerWithVase(stockQty: string) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const vase = await createProductVia(seller.agent, store.id, { title: "Blå vase", stockQty });
  return { ...seller, store, vase };
}

async function order(storeId: string, productId: string, qty = 1) {
  const response = await new Agent(t.app).post("/api/orders", {
    storeId,
    ...buyer,
    items: [{ productId, qty }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; publicUrl: string };
}

async function stockOf(productId: string) {
  const [row] = await t.database.db
    .select({ stockQty: products.stockQty })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stockQty;
}

describe("reopening a cancelled order (D18)", () => {
  it("takes its stock again, and the stock goes back once when it is cancelled again", async () => {
    const { agent, store, vase } = await sellerWithVase("3");
    const placed = await order(store.id, vase.id, 3);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" })).statusCode).toBe(200);
    const cancelled = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(cancelled.json()).toMatchObject({ status: "cancelled", holdsStock: false });
    expect(await stockOf(vase.id)).toBe(3);

    const reopened = await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: "paid", holdsStock: true });
    expect(reopened.json().history.at(-1)).toMatchObject({ fromStatus: "cancelled", toStatus: "paid" });
    expect(await stockOf(vase.id)).toBe(0);

    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" })).statusCode).toBe(
      200,
    );
    expect(await stockOf(vase.id)).toBe(3);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "pending" })).statusCode).toBe(
      200,
    );
    expect(await stockOf(vase.id)).toBe(0);
  });

  it("answers 409 naming the product when its piece was sold meanwhile, and changes nothing", async () => {
    const { agent, store, vase } = await sellerWithVase("1");
    const first = await order(store.id, vase.id);
    expect((await agent.patch(`/api/orders/${first.id}/status`, { status: "cancelled" })).statusCode).toBe(
      200,
    );
    await order(store.id, vase.id);
    expect(await stockOf(vase.id)).toBe(0);

    const reopen = await agent.patch(`/api/orders/${first.id}/status`, { status: "pending" });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe("Blå vase is sold out");
    const state = await orderState(t, first.id);
    expect(state.order).toMatchObject({ status: "cancelled" });
    expect(state.order?.stockReleasedAt).not.toBeNull();
    expect(await stockOf(vase.id)).toBe(0);
  });

  it("is refused with a message once its online payment was refunded", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
    const placed = (await checkout(t, store.id, mug.id, "stripe", 1)).json();
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.pay(session?.id ?? "");
    await deliverStripe(t, stripe);
    expect(
      (await seller.agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    await deliverStripe(t, stripe);
    expect((await orderState(t, placed.id)).attempts[0]).toMatchObject({ status: "refunded" });

    for (const status of ["pending", "paid", "fulfilled"]) {
      const reopen = await seller.agent.patch(`/api/orders/${placed.id}/status`, { status });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().message).toBe(
        "The payment for this order was refunded, so it cannot be reopened. Ask the shopper to place a new order.",
      );
    }
    expect((await orderState(t, placed.id)).order?.status).toBe("cancelled");
  });
});

describe("cancelling a piece that may still be away (sent or withdrawn)", () => {
  it("a fulfilled order: the seller must say whether the piece is back; no puts nothing back", async () => {
    const { agent, store, vase } = await sellerWithVase("1");
    const placed = await order(store.id, vase.id);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "fulfilled" })).statusCode).toBe(
      200,
    );
    const unasked = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().message).toBe(
      "Say whether the piece is back before cancelling: only a piece that is back goes into stock again.",
    );
    expect((await orderState(t, placed.id)).order?.status).toBe("fulfilled");

    const notBack = await agent.patch(`/api/orders/${placed.id}/status`, {
      status: "cancelled",
      restock: false,
    });
    expect(notBack.statusCode).toBe(200);
    expect(notBack.json()).toMatchObject({ status: "cancelled", holdsStock: true });
    expect(await stockOf(vase.id)).toBe(0);
    // Reopened, it takes nothing: the piece never came back.
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "fulfilled" })).statusCode).toBe(
      200,
    );
    expect(await stockOf(vase.id)).toBe(0);
  });

  it("a withdrawn order still paid: back means it goes into stock", async () => {
    const { agent, store, vase } = await sellerWithVase("1");
    const placed = await order(store.id, vase.id);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "paid" })).statusCode).toBe(200);
    const token = tokenOf(placed.publicUrl);
    expect((await new Agent(t.app).post(`/api/orders/by-token/${token}/withdrawal`)).statusCode).toBe(200);
    expect((await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled" })).statusCode).toBe(
      400,
    );
    const back = await agent.patch(`/api/orders/${placed.id}/status`, { status: "cancelled", restock: true });
    expect(back.statusCode).toBe(200);
    expect(await stockOf(vase.id)).toBe(1);
  });

  it("an order neither sent nor withdrawn gives its stock back without being asked", async () => {
    const { agent, store, vase } = await sellerWithVase("1");
    const placed = await order(store.id, vase.id);
    const cancelled = await agent.patch(`/api/orders/${placed.id}/status`, {
      status: "cancelled",
      restock: false,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(vase.id)).toBe(1);
  });
});

describe("a refund learnt only by reading the provider (decision 0067)", () => {
  it("mails the shopper once, when the worker's read finds the payment paid and partly refunded", async () => {
    const { store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }], "300");
    const placed = (await checkout(t, store.id, mug.id, "stripe", 1)).json();
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.pay(session?.id ?? "");
    // The seller refunds 10 kr in Stripe's dashboard; none of Stripe's events reaches Torg (yet).
    const refunded = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        "stripe-account": STRIPE_ACCOUNT,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ payment_intent: session?.payment_intent ?? "", amount: "1000" }).toString(),
    });
    expect(refunded.status).toBe(200);

    const refundMails = async () =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id)))
        .filter((mail) => mail.purpose === "order_refunded")
        .map((mail) => mail.params);
    await t.app.paymentWorker.run(new Date(Date.now() + 60_000));
    const state = await orderState(t, placed.id);
    expect(state.order?.status).toBe("paid");
    expect(state.attempts[0]).toMatchObject({ status: "captured", refundedAmount: "10.00" });
    expect(await refundMails()).toEqual([{ refunded: "10.00", of: "300.00", provider: "stripe" }]);

    // Another pass and the late events say the same refund: still one mail.
    await t.app.paymentWorker.run(new Date(Date.now() + 120_000));
    await deliverStripe(t, stripe);
    expect(await refundMails()).toHaveLength(1);
  });
});
