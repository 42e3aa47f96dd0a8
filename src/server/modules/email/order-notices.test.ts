import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio, onColor, readableOn } from "../../../shared/brand";
import { emailOutbox, smsLog } from "../../db/schema";
import { type FakeStripe, startFakeStripe } from "../../test/fakes/stripe";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { checkout, deliverStripe, paymentEnv, STRIPE_ACCOUNT, storeWithChannels } from "../payments/testing";
import { composeOrderEmail, goesToShopper, type OrderEmailContext } from "./messages";
import { startTestSmtpServer } from "./testing";

/** Issue item 4: the shopper hears of a cancellation (with the refund) and of a pick-up order being ready. */
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  stripe = await startFakeStripe();
  t = await createTestApp({
    ...paymentEnv(undefined, stripe),
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Torg <ordre@torg.test>",
    EMAIL_TIMEOUT_MS: "2000",
    // Every card order here is placed by the same shopper (payments/testing.ts); the limit is tested below.
    EMAIL_PER_RECIPIENT_PER_HOUR: "0",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await stripe.close();
});

const mailsOf = async (orderId: string) => {
  await t.app.emailOutbox.drain();
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
  return rows.map((row) => row.purpose).sort();
};
/** The shopper's texts of an order as the log provider wrote them (decision 0008), each "purpose: text". */
const textsOf = async (orderId: string) => {
  await t.app.smsOutbox.drain();
  const rows = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, orderId));
  return rows
    .filter((row) => row.purpose !== "seller_new_order")
    .map((row) => `${row.purpose}: ${row.message}`)
    .sort();
};
const received = (subjectPart: string) => smtp.received.filter((mail) => mail.subject?.includes(subjectPart));

describe("issue item 4: the shopper is told when the seller cancels, refunds or has it ready for pick-up", () => {
  it("seller cancels a paid card order: one cancellation mail with the refund amount, when it arrives and the order link", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
    const response = await checkout(t, store.id, mug.id, "stripe");
    expect(response.statusCode).toBe(201);
    const order = response.json() as { id: string; publicUrl: string };
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.pay(session?.id ?? "");
    await deliverStripe(t, stripe);
    const cancel = await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" });
    expect(cancel.statusCode).toBe(200);
    // Stripe's charge.refunded for Torg's own refund: no second message about the same money.
    await deliverStripe(t, stripe);
    expect(await mailsOf(order.id)).toEqual(["order_cancelled", "order_confirmation", "seller_new_order"]);
    const mails = received(`${order.id.slice(0, 8)} from ${store.name} has been cancelled`);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(text).toContain(`${store.name} has cancelled your order ${order.id.slice(0, 8)}.`);
    expect(text).toContain("698.00 kr has been refunded to you.");
    expect(text).toContain("usually reaches your account within 5–10 business days");
    expect(text).toContain(order.publicUrl);
    expect(text).not.toContain("Storgata");
    const number = order.id.slice(0, 8);
    expect((await textsOf(order.id)).map((entry) => entry.replace(/ The shop: .*$/, ""))).toEqual([
      `order_cancelled: Torg: the shop has cancelled your order ${number}.`,
      `order_confirmation: Torg: we have received your order ${number}.`,
    ]);
  });

  it("a partial refund in Stripe's dashboard: one refund mail with the amount of the whole; a cancel then mails the rest once", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
    const order = (await checkout(t, store.id, mug.id, "stripe")).json() as { id: string; publicUrl: string };
    const session = [...stripe.sessions.values()].at(-1);
    await stripe.pay(session?.id ?? "");
    await deliverStripe(t, stripe);
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
    await deliverStripe(t, stripe);
    // The same event again (a provider's retry) is the same refund: no second mail.
    const event = stripe.sent.at(-1);
    if (event) event.delivered = undefined;
    await deliverStripe(t, stripe);
    expect(await mailsOf(order.id)).toEqual(["order_confirmation", "order_refunded", "seller_new_order"]);
    const mails = received(`Refund for your order ${order.id.slice(0, 8)}`);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(text).toContain(
      `${store.name} has refunded 10.00 kr of 698.00 kr for your order ${order.id.slice(0, 8)}.`,
    );
    expect(text).toContain("usually reaches your account within 5–10 business days");
    expect(text).toContain(order.publicUrl);
    expect((await textsOf(order.id)).filter((entry) => entry.startsWith("order_refunded"))).toHaveLength(1);

    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    await deliverStripe(t, stripe);
    expect(await mailsOf(order.id)).toEqual([
      "order_cancelled",
      "order_confirmation",
      "order_refunded",
      "seller_new_order",
    ]);
    const cancelled = received(`${order.id.slice(0, 8)} from ${store.name} has been cancelled`);
    expect(cancelled[0]?.text).toContain("698.00 kr has been refunded to you.");
  });

  it("a pick-up order marked fulfilled: 'ready for pick-up' with where and how, never 'sent, no tracking number', and once", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent, "Verkstedet", `verkstedet-${Date.now()}`);
    const mug = await createProductVia(seller.agent, store.id, { title: "Krus", basePrice: "300" });
    const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
      { name: "Hent i verkstedet", kind: "pickup", price: "0", note: "Tirsdag–torsdag 12–17, ring på" },
    ]);
    const [pickup] = saved.json() as { id: string }[];
    const placed = await new Agent(t.app).post("/api/orders", {
      storeId: store.id,
      buyerEmail: "henter@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      deliveryOptionId: pickup?.id,
      items: [{ productId: mug.id, qty: 1 }],
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as { id: string; publicUrl: string };
    const status = (next: string) =>
      seller.agent.patch(`/api/orders/${order.id}/status`, { status: next }).then((r) => r.statusCode);
    expect(await status("fulfilled")).toBe(200);
    expect(await status("paid")).toBe(200);
    expect(await status("fulfilled")).toBe(200);
    expect(await mailsOf(order.id)).toEqual([
      "order_confirmation",
      "order_ready_for_pickup",
      "seller_new_order",
    ]);
    const mails = received(`${order.id.slice(0, 8)} from Verkstedet is ready for pick-up`);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.text ?? "";
    expect(text).toContain("Pick-up: Hent i verkstedet");
    expect(text).toContain("From the seller: Tirsdag–torsdag 12–17, ring på");
    expect(text).toContain(order.publicUrl);
    expect(text).not.toContain("tracking number");
    const ready = (await textsOf(order.id)).filter((entry) => entry.startsWith("order_ready_for_pickup"));
    expect(ready).toHaveLength(1);
    expect(ready[0]).toContain(`Torg: your order ${order.id.slice(0, 8)} is ready for pick-up.`);
  });

  it("an order paid by hand, cancelled: one mail that tells the shopper whom to ask about money paid", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent, "Glassblåseriet", `glass-${Date.now()}`);
    const mug = await createProductVia(seller.agent, store.id, { title: "Glass", basePrice: "120" });
    const placed = await checkout(t, store.id, mug.id);
    const order = placed.json() as { id: string };
    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    expect(await mailsOf(order.id)).toEqual(["order_cancelled", "order_confirmation", "seller_new_order"]);
    const text = received(`${order.id.slice(0, 8)} from Glassblåseriet has been cancelled`)[0]?.text ?? "";
    expect(text).toContain("If you have already paid Glassblåseriet, contact them about your refund.");
  });

  it("an online order cancelled before it was paid sends no cancellation (its receipt was never sent)", async () => {
    const { seller, store, mug } = await storeWithChannels(t, [{ provider: "stripe", isLive: true }]);
    const order = (await checkout(t, store.id, mug.id, "stripe")).json() as { id: string };
    expect(
      (await seller.agent.patch(`/api/orders/${order.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(200);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(rows.map((row) => row.purpose)).not.toContain("order_cancelled");
  });
});

const context = (locale: string, over: Partial<OrderEmailContext> = {}): OrderEmailContext => ({
  orderId: "0f1e2d3c-0000-4000-8000-000000000000",
  placedAt: new Date("2026-11-20T10:00:00Z"),
  totalGross: "300.00",
  buyerEmail: "kunde@example.no",
  shipToName: "Nora Kunde",
  shipToAddr: { address: "Storgata 1, 0155 Oslo" },
  publicToken: "abc",
  withdrawnAt: null,
  items: [{ title: "Krus", variantLabel: null, unitPrice: "300.00", qty: 1 }],
  discountCode: null,
  discountTotal: "0.00",
  giftCardTotal: "0.00",
  giftCardSales: "0.00",
  store: {
    id: "s",
    name: "Leirverket",
    slug: "leirverket",
    locale,
    phone: null,
    contactEmail: "post@leirverket.no",
  },
  delivery: { name: "Hent i verkstedet", price: "0.00" },
  vat: [],
  trackingNumber: null,
  pickupNote: "Tirsdag 12–17",
  money: { provider: "vipps", refunded: "300.00", released: false },
  legal: { legalName: null, orgNumber: null, address: null },
  ...over,
});

describe("issue item 4: the cancellation and pick-up mails in each language", () => {
  const cases = [
    [
      "en",
      "has been cancelled",
      "300.00 kr has been refunded",
      "within 2–3 bank days",
      "is ready for pick-up",
    ],
    ["nb", "er kansellert", "300,00 kr er betalt tilbake", "innen 2–3 bankdager", "er klar til henting"],
    ["sv", "har avbokats", "300,00 kr har betalats tillbaka", "inom 2–3 bankdagar", "är redo att hämtas"],
    [
      "da",
      "er annulleret",
      "300,00 kr er betalt tilbage",
      "inden for 2–3 bankdage",
      "er klar til afhentning",
    ],
  ] as const;
  for (const [locale, cancelledSubject, refunded, vippsTime, readySubject] of cases) {
    it(`${locale}: cancellation with the Vipps refund, and ready for pick-up with the seller's note`, () => {
      const cancelled = composeOrderEmail("order_cancelled", context(locale), "https://torg.test");
      expect(cancelled.subject).toContain(cancelledSubject);
      expect(cancelled.text.replace(/\u00a0/g, " ")).toContain(refunded);
      expect(cancelled.text).toContain(vippsTime);
      expect(cancelled.text).toContain("https://torg.test/s/leirverket/order/abc");
      expect(cancelled.text).not.toContain("Storgata");
      const ready = composeOrderEmail("order_ready_for_pickup", context(locale), "https://torg.test");
      expect(ready.subject).toContain(readySubject);
      expect(ready.text).toContain("Hent i verkstedet");
      expect(ready.text).toContain("Tirsdag 12–17");
    });
  }

  it("the refund notice in each language says the part of the whole (decision 0056)", () => {
    const refund = { refunded: "10.00", of: "300.00", provider: "vipps" };
    const expected = {
      en: "Leirverket has refunded 10.00 kr of 300.00 kr for your order 0f1e2d3c.",
      nb: "Leirverket har betalt tilbake 10,00 kr av 300,00 kr for bestillingen din 0f1e2d3c.",
      sv: "Leirverket har betalat tillbaka 10,00 kr av 300,00 kr för din beställning 0f1e2d3c.",
      da: "Leirverket har betalt 10,00 kr af 300,00 kr tilbage for din bestilling 0f1e2d3c.",
    };
    for (const [locale, sentence] of Object.entries(expected)) {
      const mail = composeOrderEmail("order_refunded", context(locale), null, refund);
      expect(mail.text.replace(/\u00a0/g, " ")).toContain(sentence);
    }
    const whole = composeOrderEmail("order_refunded", context("en"), null, { ...refund, refunded: "300.00" });
    expect(whole.text).toContain("Leirverket has refunded 300.00 kr for your order 0f1e2d3c.");
  });

  it("the new notices go to the address the shopper typed: counted by the per-recipient limit (decision 0058)", () => {
    for (const purpose of ["order_cancelled", "order_refunded", "order_ready_for_pickup"])
      expect(goesToShopper(purpose)).toBe(true);
  });

  it("greets a name that is not a plain name with no name at all (decision 0058)", () => {
    const mail = composeOrderEmail(
      "order_cancelled",
      context("en", { shipToName: "Log in at https://evil.example", money: null }),
      null,
    );
    // The first line under the store's name that heads the mail (decision 0080).
    expect(mail.text.split("\n").slice(1, 4)).toEqual([expect.stringMatching(/^=+$/), "", "Hi,"]);
    expect(mail.text).not.toContain("evil");
  });

  it("a card refund says 5–10 business days; a released Vipps reservation says so", () => {
    const card = composeOrderEmail(
      "order_cancelled",
      context("nb", { money: { provider: "stripe", refunded: "300.00", released: false } }),
      null,
    );
    expect(card.text).toContain("innen 5–10 virkedager");
    const released = composeOrderEmail(
      "order_cancelled",
      context("nb", { money: { provider: "vipps", refunded: "0.00", released: true } }),
      null,
    );
    expect(released.text).toContain("Beløpet som var reservert for bestillingen, er frigitt.");
  });
});

describe("a shopper's mail in the store's look (decision 0080)", () => {
  it("links the carrier's page in a shade of a pale brand colour that reads on white, at the store's domain", () => {
    const look = {
      name: "Leirverket",
      slug: "leirverket",
      domain: "leirverket.no",
      brandColor: "#ffd966",
      logoWide: "/uploads/brand/s-wide-x.png",
    };
    const mail = composeOrderEmail(
      "order_shipped",
      context("en", { trackingNumber: "70712345", trackingUrl: "https://sporing.bring.no/sporing/70712345" }),
      "https://torg.example",
      null,
      look,
    );
    const shade = readableOn("#ffd966", "#ffffff");
    expect(shade).not.toBe("#ffd966");
    expect(contrastRatio(shade, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(mail.html).toContain(
      `<a href="https://sporing.bring.no/sporing/70712345" style="color:${shade}">`,
    );
    expect(mail.html).toContain(
      '<img src="https://torg.example/uploads/brand/s-wide-x.png" alt="Leirverket"',
    );
    expect(mail.html).toContain(`background:#ffd966;color:${onColor("#ffd966")}`);
    expect(mail.text).toContain("https://leirverket.no/order/abc");
    expect(mail.html).toContain('href="https://leirverket.no/order/abc"');
  });

  it("leaves the seller's mail in Torg's look", () => {
    const look = {
      name: "Leirverket",
      slug: "leirverket",
      domain: null,
      brandColor: "#ffd966",
      logoWide: null,
    };
    const mail = composeOrderEmail("seller_new_order", context("en"), "https://torg.example", null, look);
    expect(mail.html).not.toContain("#ffd966");
    expect(mail.text.startsWith("Leirverket\n=")).toBe(false);
  });
});
