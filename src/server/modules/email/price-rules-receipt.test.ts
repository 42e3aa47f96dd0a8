import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { composeOrderEmail, type OrderEmailContext } from "./messages";
import { startTestSmtpServer } from "./testing";

/**
 * Issue 29 item 4 and 7 (decision 0076): the receipt says the discount with its code, the gift cards
 * bought (no VAT) and what a gift card paid, exact to the øre, in each language.
 */

/** 2 × 349 − 50 discount + 99 delivery = 747; VAT 25 % of it is 149.40. */
const discounted = (locale: string, over: Partial<OrderEmailContext> = {}): OrderEmailContext => ({
  orderId: "0f1e2d3c-0000-4000-8000-000000000000",
  placedAt: new Date("2026-11-20T10:00:00Z"),
  totalGross: "747.00",
  buyerEmail: "kunde@example.no",
  shipToName: "Nora Kunde",
  shipToAddr: { address: "Storgata 1, 0155 Oslo" },
  publicToken: "abc",
  withdrawnAt: null,
  items: [{ title: "Krus", variantLabel: null, unitPrice: "349.00", qty: 2 }],
  discountCode: "SOMMER",
  discountTotal: "50.00",
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
  delivery: { name: "Posten", price: "99.00" },
  vat: [{ rate: 25, amount: "149.40" }],
  trackingNumber: null,
  pickupNote: null,
  money: null,
  legal: { legalName: null, orgNumber: null, address: null },
  ...over,
});

/**
 * The same order with a 500 kr gift card for Kari bought too, and 200 kr of it paid by a gift card: the
 * order's value is 747 + 500 = 1 247, 1 047 is left to pay. The VAT is the goods' and delivery's only.
 */
const withGiftCards = (locale: string, recipientName = "Kari") =>
  discounted(locale, {
    totalGross: "1047.00",
    giftCardTotal: "200.00",
    giftCardSales: "500.00",
    items: [
      { title: "Krus", variantLabel: null, unitPrice: "349.00", qty: 2 },
      { title: "Gavekort", variantLabel: null, unitPrice: "500.00", qty: 1, giftCard: { recipientName } },
    ],
  });

const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("the receipt with a discount and gift cards (decision 0076)", () => {
  const cases = {
    en: ["Discount (SOMMER)  −50.00 kr", "Total  747.00 kr", "Including VAT 25 %  149.40 kr"],
    nb: ["Rabatt (SOMMER)  −50,00 kr", "Totalt  747,00 kr", "Herav MVA 25 %  149,40 kr"],
    sv: ["Rabatt (SOMMER)  −50,00 kr", "Totalt  747,00 kr", "Varav moms 25 %  149,40 kr"],
    da: ["Rabat (SOMMER)  −50,00 kr", "I alt  747,00 kr", "Heraf moms 25 %  149,40 kr"],
  };
  for (const [locale, lines] of Object.entries(cases)) {
    it(`${locale}: the discount line with its code, before the delivery and the total`, () => {
      const mail = composeOrderEmail("order_confirmation", discounted(locale), null);
      const text = plain(mail.text);
      for (const line of lines) expect(text).toContain(line);
      const [discount = "", delivery = ""] = lines;
      expect(text.indexOf(discount)).toBeLessThan(text.indexOf(delivery.split("  ")[0] ?? ""));
      expect(plain(mail.html)).toContain("−50");
      // Nothing paid by a gift card: no such row.
      expect(text).not.toMatch(/gift card|gavekort|presentkort/i);
    });
  }

  const giftCases = {
    en: [
      "Gift card for Kari, no VAT  500.00 kr",
      "Total  1,247.00 kr",
      "Including VAT 25 %  149.40 kr",
      "Paid with gift card  −200.00 kr",
      "Remaining to pay  1,047.00 kr",
    ],
    nb: [
      "Gavekort til Kari, uten MVA  500,00 kr",
      "Totalt  1 247,00 kr",
      "Herav MVA 25 %  149,40 kr",
      "Betalt med gavekort  −200,00 kr",
      "Restbeløp å betale  1 047,00 kr",
    ],
    sv: [
      "Presentkort till Kari, utan moms  500,00 kr",
      "Totalt  1 247,00 kr",
      "Varav moms 25 %  149,40 kr",
      "Betalt med presentkort  −200,00 kr",
      "Kvar att betala  1 047,00 kr",
    ],
    da: [
      "Gavekort til Kari, uden moms  500,00 kr",
      "I alt  1.247,00 kr",
      "Heraf moms 25 %  149,40 kr",
      "Betalt med gavekort  −200,00 kr",
      "Restbeløb at betale  1.047,00 kr",
    ],
  };
  for (const [locale, lines] of Object.entries(giftCases)) {
    it(`${locale}: a gift card bought (no VAT), what a gift card paid and what is left, in that order`, () => {
      const text = plain(composeOrderEmail("order_confirmation", withGiftCards(locale), null).text);
      let from = 0;
      for (const line of lines) {
        const at = text.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at;
      }
    });
  }

  it("names the recipient in the shopper's mail only when it is a plain name; the seller's keeps it inert (0058)", () => {
    const odd = withGiftCards("en", "visit evil.example now");
    const shopper = composeOrderEmail("order_confirmation", odd, null).text;
    expect(shopper).toContain("Gift card, no VAT  500.00 kr");
    expect(shopper).not.toContain("evil");
    const seller = composeOrderEmail("seller_new_order", odd, null).text;
    expect(seller).toContain("Gift card for visit evil[.]example now, no VAT");
  });

  it("the seller's new-order mail has the same discount and gift card rows", () => {
    const text = plain(composeOrderEmail("seller_new_order", withGiftCards("nb"), null).text);
    for (const line of ["Rabatt (SOMMER)  −50,00 kr", "Betalt med gavekort  −200,00 kr", "Gavekort til Kari"])
      expect(text).toContain(line);
  });

  it("an order paid in full by a gift card has 0,00 left to pay", () => {
    const paid = discounted("nb", { totalGross: "0.00", giftCardTotal: "747.00" });
    const text = plain(composeOrderEmail("order_confirmation", paid, null).text);
    expect(text).toContain("Totalt  747,00 kr");
    expect(text).toContain("Betalt med gavekort  −747,00 kr");
    expect(text).toContain("Restbeløp å betale  0,00 kr");
  });
});

describe("the outbox reads the order's discount and gift cards when it writes the receipt", () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, EMAIL_FROM: "Torg <ordre@torg.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the discount line, the gift card bought and the gift card paid, as stored on the order", async () => {
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent, "Leirverket", `leirverket-${Date.now()}`);
    const mug = await createProductVia(seller.agent, store.id, { title: "Krus", basePrice: "349" });
    const response = await new Agent(t.app).post("/api/orders", {
      storeId: store.id,
      buyerEmail: "rabatt@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      shipToAddr: { address: "Storgata 1, 0155 Oslo" },
      items: [{ productId: mug.id, qty: 2 }],
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    // As checkout's pricing step writes it (decision 0076); the receipt is composed when it is sent.
    await t.database.db.insert(orderItems).values({
      orderId: id,
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
        totalGross: "948.00",
      })
      .where(eq(orders.id, id));
    await t.app.emailOutbox.drain();
    const receipt = smtp.received.find((mail) =>
      (mail.to && "text" in mail.to ? mail.to.text : "").includes("rabatt@example.no"),
    );
    const text = plain(receipt?.text ?? "");
    for (const line of [
      "Krus, 2 × 349.00 kr  698.00 kr",
      "Gift card for Kari, no VAT  500.00 kr",
      "Discount (SOMMER)  −50.00 kr",
      "Total  1,148.00 kr",
      "Paid with gift card  −200.00 kr",
      "Remaining to pay  948.00 kr",
    ])
      expect(text).toContain(line);
  });
});
