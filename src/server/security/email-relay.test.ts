/**
 * Audit item 5: receipts as a spam and phishing relay. The receipt went to whatever address an anonymous
 * shopper typed, from Torg's sender, opening with the shopper's own text as the name ("Hi Din konto er
 * sperret. Logg inn på https://…"); 25 orders of a 1 kr product gave one victim 25 such mails. Now the
 * e-mails to an address a shopper typed are limited per recipient and hour (the rest recorded as held
 * back, shown in the e-mail log), and such mail carries at most a plain name: never a link, never the
 * address. The seller still sees everything, as text nobody's mail program turns into a link.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLog, emailOutbox } from "../db/schema";
import { recipientLimitKey } from "../modules/email/recipient-limit";
import { startTestSmtpServer } from "../modules/email/testing";
import { createProductVia, createStoreVia } from "../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../test/harness";

const PER_RECIPIENT = 5;
const ORIGIN = "https://torg.example.no";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: ORIGIN,
    EMAIL_PER_RECIPIENT_PER_HOUR: String(PER_RECIPIENT),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let addresses = 0;
async function shop(locale = "en") {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  if (locale !== "en") await seller.agent.put(`/api/stores/${store.id}`, { defaultLocale: locale });
  const product = await createProductVia(seller.agent, store.id, { title: "Kort", basePrice: "1" });
  return { seller, store, product };
}

function order(
  storeId: string,
  productId: string,
  buyerEmail: string,
  fields: { shipToName?: string; shipToAddr?: Record<string, string> } = {},
) {
  return new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: `198.51.100.${(addresses++ % 250) + 1}`,
    payload: {
      storeId,
      buyerEmail,
      shipToName: fields.shipToName ?? "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      shipToAddr: fields.shipToAddr ?? { address: "Storgata 1, 0155 Oslo" },
      items: [{ productId, qty: 1 }],
    },
  });
}

const mailTo = (address: string) =>
  smtp.received.filter((mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === address);
const partsOf = (mail: ParsedMail | undefined) => ({
  text: mail?.text ?? "",
  html: typeof mail?.html === "string" ? mail.html : "",
});

describe("item 5: e-mails to an address a shopper typed are limited per recipient and hour", () => {
  it("25 orders to one victim send at most the limit; the rest are recorded as held back, the seller's mails all go", async () => {
    const { seller, store, product } = await shop();
    const victim = "offer@example.no";
    for (let n = 0; n < 25; n++) expect((await order(store.id, product.id, victim)).statusCode).toBe(201);
    await t.app.emailOutbox.drain();

    expect(mailTo(victim)).toHaveLength(PER_RECIPIENT);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, victim));
    const byStatus = (status: string) => rows.filter((row) => row.status === status).length;
    expect(rows).toHaveLength(25);
    expect(byStatus("sent")).toBe(PER_RECIPIENT);
    expect(byStatus("rate_limited")).toBe(25 - PER_RECIPIENT);
    const held = await t.database.db.select().from(emailLog).where(eq(emailLog.status, "rate_limited"));
    expect(held.filter((log) => log.toAddress === victim)).toHaveLength(25 - PER_RECIPIENT);
    expect(held[0]?.error).toBe(`Not sent: over ${PER_RECIPIENT} e-mails to this address per hour`);

    // The seller's own new-order mails are not counted: the seller hears of every order.
    expect(mailTo(seller.user.email)).toHaveLength(25);

    // The held-back mails are in the seller's e-mail log, with their own status.
    const log = await seller.agent.get("/api/admin/email-logs?limit=100");
    expect(log.statusCode).toBe(200);
    const statuses = (log.json() as { items: { toAddress: string; status: string }[] }).items
      .filter((row) => row.toAddress === victim)
      .map((row) => row.status);
    expect(statuses.filter((status) => status === "rate_limited")).toHaveLength(25 - PER_RECIPIENT);

    // Held back stays held back: a later pass, even with every row due again, sends none of them.
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.toAddress, victim));
    await t.app.emailOutbox.drain();
    expect(mailTo(victim)).toHaveLength(PER_RECIPIENT);
  });

  it("tagged and capitalised forms of one mailbox share its limit", async () => {
    const { store, product } = await shop();
    const forms = Array.from({ length: 8 }, (_, n) => `mailbox+${n}@example.no`);
    forms.push("MailBox@Example.no");
    for (const form of forms) expect((await order(store.id, product.id, form)).statusCode).toBe(201);
    await t.app.emailOutbox.drain();
    const sent = smtp.received.filter((mail) =>
      /mailbox(\+\d)?@example\.no/i.test(mail.to && "text" in mail.to ? mail.to.text : ""),
    );
    expect(sent).toHaveLength(PER_RECIPIENT);
    // Gmail ignores dots in the name: one inbox, one count; elsewhere a dot makes another mailbox.
    expect(recipientLimitKey("v.ictim+tag@googlemail.com")).toBe(recipientLimitKey("Victim@gmail.com"));
    expect(recipientLimitKey("a.b@example.no")).not.toBe(recipientLimitKey("ab@example.no"));
  });
});

describe("item 5: a shopper's free text never reaches the mail of the address they typed", () => {
  const PHISHING_NAME = "Din konto er sperret. Logg inn på https://bank-login.example/verify";
  const PHISHING_ADDRESS = {
    address: "Storgata 1. Bekreft kontoen på www.bank-login.example eller bank-login.example/id",
    city: "Oslo",
  };

  it("the receipt, the shipped notice and the withdrawal receipt greet without the name and carry no address; the seller sees both, unlinkable", async () => {
    const { seller, store, product } = await shop();
    const victim = "phished@example.no";
    const placed = await order(store.id, product.id, victim, {
      shipToName: PHISHING_NAME,
      shipToAddr: PHISHING_ADDRESS,
    });
    expect(placed.statusCode).toBe(201);
    const { id, publicUrl } = placed.json() as { id: string; publicUrl: string };
    const fulfilled = await seller.agent.request({
      method: "PATCH",
      url: `/api/orders/${id}/status`,
      payload: { status: "fulfilled" },
    });
    expect(fulfilled.statusCode).toBe(200);
    const token = publicUrl.split("/order/")[1];
    expect((await new Agent(t.app).post(`/api/orders/by-token/${token}/withdrawal`)).statusCode).toBe(200);
    await t.app.emailOutbox.drain();

    const mails = mailTo(victim);
    // The receipt, "has been sent" and "We have received your withdrawal", in whichever order they went.
    expect(mails.map((mail) => mail.subject?.split(" ")[0]).sort()).toEqual(["We", "Your", "Your"]);
    for (const mail of mails) {
      const { text, html } = partsOf(mail);
      for (const part of [text, html]) {
        expect(part).not.toContain("bank-login");
        expect(part).not.toContain("sperret");
        expect(part).not.toContain("Storgata");
        expect(part).not.toContain("Bekreft");
      }
      // The text opens with the store's name, underlined, then the greeting (decision 0080).
      expect(text.split("\n").slice(1, 4)).toEqual([expect.stringMatching(/^=+$/), "", "Hi,"]);
      expect(html).toContain("<p>Hi,</p>");
      // Every link in the HTML is Torg's own.
      for (const [, href] of html.matchAll(/href="([^"]*)"/g))
        expect(href?.startsWith(`${ORIGIN}/`)).toBe(true);
    }

    // The seller's view: the order as typed, and the seller's e-mail with it as text no client links.
    const view = (await seller.agent.get(`/api/orders/${id}`)).json() as {
      shipToName: string;
      shipToAddr: Record<string, string>;
    };
    expect(view.shipToName).toBe(PHISHING_NAME);
    expect(view.shipToAddr.address).toBe(PHISHING_ADDRESS.address);
    const sellerMail = mailTo(seller.user.email).find((mail) => mail.subject?.startsWith("New order"));
    const { text, html } = partsOf(sellerMail);
    for (const part of [text, html]) {
      expect(part).toContain("Din konto er sperret. Logg inn på https[:]//bank-login[.]example/verify");
      expect(part).toContain("www[.]bank-login[.]example eller bank-login[.]example/id");
      expect(part).not.toMatch(/https?:\/\/bank|www\.|bank-login\.example/);
    }
    for (const [, href] of html.matchAll(/href="([^"]*)"/g))
      expect(href?.startsWith(`${ORIGIN}/`)).toBe(true);
  });

  it("a plain name is kept; a name with an e-mail address, a bare domain or too long is not, in every language", async () => {
    const cases: [string, string, string][] = [
      ["en", "Nora Kunde", "Hi Nora Kunde,"],
      ["nb", "Åse Ødegård-Lie", "Hei Åse Ødegård-Lie,"],
      ["nb", "skriv til svindel@example.no", "Hei,"],
      ["sv", "Besök bank-login.example nu", "Hej,"],
      ["da", "Anne Marie Louise Henriette Sophie Charlotte Bille-Brahe", "Hej,"],
    ];
    for (const [locale, name, greeting] of cases) {
      const { store, product } = await shop(locale);
      const to = `greeting-${addresses}@example.no`;
      expect((await order(store.id, product.id, to, { shipToName: name })).statusCode).toBe(201);
      await t.app.emailOutbox.drain();
      const { text, html } = partsOf(mailTo(to)[0]);
      // The greeting follows the store's name, its underline and a blank line (decision 0080).
      expect(text.split("\n")[3]).toBe(greeting);
      expect(html).toContain(`<p>${greeting}</p>`);
    }
  });
});
