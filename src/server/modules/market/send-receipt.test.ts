import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaleView } from "../../../shared/market";
import { emailLog, emailOutbox, orders, smsLog, smsOutbox, stores } from "../../db/schema";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { storeForRules } from "../checkout/price-rules.fixtures";
import { RECEIPT_SENDS_PER_SALE_PER_HOUR } from "./send-receipt";
import { createStallSale } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_PER_HOUR: "0", SMS_ALLOWED_COUNTRIES: "NO,SE,DK" });
});
afterAll(() => t.close());

const en = { "accept-language": "en" };

async function paidSale() {
  const seller = await storeForRules(t);
  await t.database.db
    .update(stores)
    .set({ legalName: "Keramikk Hansen", orgNumber: "974760673" })
    .where(eq(stores.id, seller.store.id));
  const sale = await createStallSale(seller.agent, seller.store.id, [{ productId: seller.mug.id, qty: 2 }], {
    payment: { method: "cash", amountGiven: "700" },
  });
  return { ...seller, sale };
}

describe("a stall receipt sent to the buyer (decision 0077)", () => {
  it("e-mails the receipt written out with its page's link", async () => {
    const { agent, sale } = await paidSale();
    const sent = await agent.post(`/api/sales/${sale.id}/receipt`, { email: "Kari@Example.no" });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ channel: "email", receiptNumber: sale.receiptNumber });
    await t.app.emailOutbox.drain();
    const [log] = await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, sale.id));
    expect(log).toMatchObject({ purpose: "stall_receipt", toAddress: "kari@example.no", status: "logged" });
    expect(log?.subject).toBe(`Receipt ${sale.receiptNumber} from Keramikk Hansen`);
    expect(log?.body).toContain("Mug, 2 × 349.00 kr");
    expect(log?.body).toContain("Total  698.00 kr");
    expect(log?.body).toContain("Including VAT 25 %  139.60 kr");
    expect(log?.body).toContain("974 760 673 MVA");
    expect(log?.body).toContain("Change  2.00 kr");
    const token = sale.receiptUrl?.split("/r/")[1];
    expect(log?.body).toContain(`/r/${token}`);
  });

  it("texts the link to a number in a country Torg texts, and refuses one elsewhere", async () => {
    const { agent, sale } = await paidSale();
    const abroad = await agent.request({
      method: "POST",
      url: `/api/sales/${sale.id}/receipt`,
      payload: { phone: "+1 212 555 0100" },
      headers: en,
    });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().message).toContain("Torg does not send texts to numbers in");
    const sent = await agent.post(`/api/sales/${sale.id}/receipt`, { phone: "912 34 567" });
    expect(sent.statusCode, sent.body).toBe(202);
    const [queued] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, sale.id));
    expect(queued).toMatchObject({ toNumber: "+4791234567", purpose: "stall_receipt" });
    expect(queued?.body).toMatch(/^Receipt \d+ from Keramikk Hansen: .*\/r\/[0-9a-f]{64}$/);
    await t.app.smsOutbox.drain();
    const [log] = await t.database.db.select().from(smsLog).where(eq(smsLog.orderId, sale.id));
    expect(log?.status).toBe("logged");
  });

  it("asks for exactly one of e-mail and phone, and answers 409 before the sale is paid", async () => {
    const { agent, sale, store } = await paidSale();
    for (const payload of [{}, { email: "a@example.no", phone: "91234567" }]) {
      const refused = await agent.request({
        method: "POST",
        url: `/api/sales/${sale.id}/receipt`,
        payload,
        headers: en,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Give either an e-mail address or a mobile number.");
    }
    const [unpaid] = await t.database.db
      .insert(orders)
      .values({
        storeId: store.id,
        status: "pending",
        totalGross: "100",
        buyerEmail: "",
        shipToName: "",
        shipToPhone: "",
        channel: "stall",
        paymentMethod: "vipps_qr",
      })
      .returning();
    const early = await agent.request({
      method: "POST",
      url: `/api/sales/${unpaid?.id}/receipt`,
      payload: { email: "a@example.no" },
      headers: en,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("This sale has no receipt yet: it is made when the sale is paid.");
  });

  it("limits how often one sale's receipt is sent", async () => {
    const { agent, sale } = await paidSale();
    for (let n = 0; n < RECEIPT_SENDS_PER_SALE_PER_HOUR; n++)
      expect(
        (await agent.post(`/api/sales/${sale.id}/receipt`, { email: `b${n}@example.no` })).statusCode,
      ).toBe(202);
    const over = await agent.post(`/api/sales/${sale.id}/receipt`, { email: "c@example.no" });
    expect(over.statusCode).toBe(429);
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, sale.id));
    expect(queued).toHaveLength(RECEIPT_SENDS_PER_SALE_PER_HOUR);
  });

  it("adds the buyer's name and address: a sales document; another seller's sale is not found", async () => {
    const { agent, sale } = await paidSale();
    const saved = await agent.put(`/api/sales/${sale.id}/buyer`, {
      name: "Kari Nordmann",
      address: "Fjordveien 2\n5003 Bergen",
      email: "kari@example.no",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as SaleView).buyer).toEqual({
      name: "Kari Nordmann",
      address: "Fjordveien 2\n5003 Bergen",
      email: "kari@example.no",
    });
    const page = await t.app.inject({ url: new URL(sale.receiptUrl ?? "").pathname });
    // Without a built client the page is a JSON 404 here; receipt-page.test.ts renders it.
    expect(page.statusCode).toBe(404);
    const bad = await agent.put(`/api/sales/${sale.id}/buyer`, { name: "K", address: "" });
    expect(bad.statusCode).toBe(400);
    const stranger = await signUp(t.app);
    const foreign = await stranger.agent.put(`/api/sales/${sale.id}/buyer`, {
      name: "Ola",
      address: "Gata 1",
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await stranger.agent.post(`/api/sales/${sale.id}/receipt`, { email: "x@example.no" })).statusCode,
    ).toBe(404);
  });
});
