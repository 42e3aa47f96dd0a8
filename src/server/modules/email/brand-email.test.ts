import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onColor } from "../../../shared/brand";
import type { IdentityView } from "../../../shared/identity";
import { emailOutbox, storeDomains } from "../../db/schema";
import { createProductVia, createStoreVia, multipart } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { createStallSale } from "../market/testing";
import { startTestSmtpServer } from "./testing";

/**
 * Decision 0080: a shopper's e-mail from a store is in the store's look (its wide logo, its colour) and
 * links the shop at the store's own domain once verified. PUBLIC_URL is Torg's https address, so a
 * store's domain is linked as https://{domain}/… (shop-address.ts domainOrigin).
 */
const TORG = "https://torg.example";
const COLOR = "#b04a2f";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Torg <ordre@torg.test>",
    EMAIL_TIMEOUT_MS: "5000",
    EMAIL_PER_RECIPIENT_PER_HOUR: "0",
    ORDERS_PER_IP_PER_HOUR: "0",
    PUBLIC_URL: TORG,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function logoPng() {
  const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><circle cx="80" cy="80" r="60" fill="${COLOR}"/><rect x="170" y="50" width="280" height="60" fill="#222"/></svg>`;
  return sharp(Buffer.from(mark)).png().toBuffer();
}

/** A store with a product; with `branded`, a logo, the brand colour and a verified domain of its own. */
async function shop(branded: boolean) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent, "Kari & <Keramikk>");
  const mug = await createProductVia(seller.agent, store.id, { title: "Krus", basePrice: "349" });
  let domain: string | null = null;
  let logoWide: string | null = null;
  if (branded) {
    const form = multipart({}, [
      { field: "image", filename: "logo.png", body: await logoPng(), type: "image/png" },
    ]);
    const uploaded = await seller.agent.request({
      method: "POST",
      url: `/api/stores/${store.id}/identity/logo`,
      ...form,
    });
    const { logoImageUrl } = uploaded.json() as { logoImageUrl: string };
    const saved = await seller.agent.put(`/api/stores/${store.id}/identity`, {
      logoImageUrl,
      brandColor: COLOR,
    });
    logoWide = (saved.json() as IdentityView).brandAssets?.logoWide ?? null;
    domain = `kari-${randomUUID().slice(0, 8)}.example`;
    await t.database.db.insert(storeDomains).values({
      storeId: store.id,
      domain,
      token: randomUUID(),
      targetHost: "torg.example",
      records: [],
      status: "verified",
      verifiedAt: new Date(),
    });
  }
  return { seller, store, mug, domain, logoWide };
}

let shoppers = 0;
async function order(storeId: string, productId: string) {
  const email = `kunde-brand-${++shoppers}@example.no`;
  const response = await new Agent(t.app).post("/api/orders", {
    storeId,
    buyerEmail: email,
    shipToName: "Nora",
    shipToPhone: "+47 912 34 567",
    shipToAddr: { address: "Storgata 1, 0155 Oslo" },
    items: [{ productId, qty: 1 }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, publicUrl } = response.json() as { id: string; publicUrl: string };
  return { id, email, token: publicUrl.split("/order/")[1] ?? "" };
}

const mailTo = async (address: string, subjectPart: string): Promise<ParsedMail> => {
  await t.app.emailOutbox.drain();
  const found = smtp.received.filter(
    (mail) =>
      (mail.to && "text" in mail.to ? mail.to.text : "").includes(address) &&
      mail.subject?.includes(subjectPart),
  );
  expect(found, `${address}: ${subjectPart}`).toHaveLength(1);
  return found[0] as ParsedMail;
};

/** The mail is in the store's look: its logo (absolute) over a rule of the colour, links in a readable shade. */
function expectBranded(mail: ParsedMail, logoWide: string | null) {
  const html = typeof mail.html === "string" ? mail.html : "";
  expect(html).toContain(`<img src="${TORG}${logoWide}" alt="Kari &amp; &lt;Keramikk&gt;"`);
  expect(html).toContain(`border-bottom:6px solid ${COLOR}`);
  expect(mail.text?.startsWith("Kari & <Keramikk>\n=================\n\n")).toBe(true);
  return html;
}

describe("a shopper's e-mails in the store's look, linking its own domain (decision 0080)", () => {
  it("the order confirmation and the sent notice: logo, colour, and the order page at the domain", async () => {
    const { seller, store, mug, domain, logoWide } = await shop(true);
    expect(logoWide).toMatch(/^\/uploads\/brand\/.+-wide-.+\.png$/);
    const placed = await order(store.id, mug.id);
    const orderPage = `https://${domain}/order/${placed.token}`;

    const confirmation = await mailTo(placed.email, "Your order");
    const html = expectBranded(confirmation, logoWide);
    // The order page is the mail's button: the brand colour, its text in the colour that reads on it.
    expect(html).toContain(
      `<a href="${orderPage}" style="display:inline-block;background:${COLOR};color:${onColor(COLOR)};`,
    );
    expect(confirmation.text).toContain(orderPage);
    expect(confirmation.text).not.toContain(`/s/${store.slug}`);
    expect(html).not.toContain(`/s/${store.slug}`);

    const fulfilled = await seller.agent.patch(`/api/orders/${placed.id}/status`, { status: "fulfilled" });
    expect(fulfilled.statusCode).toBe(200);
    const sent = await mailTo(placed.email, "has been sent");
    expect(expectBranded(sent, logoWide)).toContain(`href="${orderPage}"`);
    expect(sent.text).toContain(orderPage);

    // The seller's own mail is Torg's: no store look, its link to Torg's workspace.
    const sellerMail = smtp.received.find((mail) =>
      mail.subject?.startsWith(`New order ${placed.id.slice(0, 8)}`),
    );
    expect(sellerMail?.html).not.toContain("<img");
    expect(sellerMail?.text).toContain(`${TORG}/order/${placed.id}`);
  });

  it("the gift card: the balance page at the domain, as a button in the colour", async () => {
    const { store, domain, logoWide } = await shop(true);
    const email = `gave-${randomUUID().slice(0, 6)}@example.no`;
    await t.database.db.insert(emailOutbox).values({
      storeId: store.id,
      toAddress: email,
      purpose: "gift_card",
      linkOrigin: TORG,
      params: {
        language: "en",
        store: store.name,
        slug: store.slug,
        amount: "500.00",
        code: "ABCD2345EFGH6789",
        expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        message: null,
        recipientName: "Nora",
        buyerName: "Kari",
      },
    });
    const mail = await mailTo(email, "gift card");
    const html = expectBranded(mail, logoWide);
    expect(html).toContain(
      `<a href="https://${domain}/gift-card" style="display:inline-block;background:${COLOR}`,
    );
    expect(mail.text).toContain(`https://${domain}/gift-card`);
  });

  it("the stall receipt: the store's logo and colour", async () => {
    const { seller, store, mug, logoWide } = await shop(true);
    const sale = await createStallSale(seller.agent, store.id, [{ productId: mug.id, qty: 1 }], {
      payment: { method: "cash", amountGiven: "400" },
    });
    const email = `stall-${randomUUID().slice(0, 6)}@example.no`;
    const sent = await seller.agent.post(`/api/sales/${sale.id}/receipt`, { email });
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await mailTo(email, "Receipt");
    const html = expectBranded(mail, logoWide);
    const token = sale.receiptUrl?.split("/r/")[1];
    expect(html).toContain(`href="${TORG}/r/${token}"`);
    expect(mail.text).toContain(`${TORG}/r/${token}`);
  });

  it("a store with no logo and no domain: its name on Torg's colour, links at /s/{slug}", async () => {
    const { store, mug } = await shop(false);
    const placed = await order(store.id, mug.id);
    const mail = await mailTo(placed.email, "Your order");
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).not.toContain("<img");
    expect(html).toContain(
      `<div style="background:#1b5a43;color:${onColor("#1b5a43")};padding:16px 24px;font-size:20px;font-weight:700">Kari &amp; &lt;Keramikk&gt;</div>`,
    );
    expect(mail.text).toContain(`${TORG}/s/${store.slug}/order/${placed.token}`);
  });
});
