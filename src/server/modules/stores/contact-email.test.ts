import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpEmailProvider } from "../../adapters/email/smtp";
import { emailLog, emailOutbox, storeContactEmailConfirmations } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createShopTestApp, signUp, type TestApp } from "../../test/harness";
import { startTestSmtpServer } from "../email/testing";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createShopTestApp({
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Torg <no-reply@torg.invalid>",
    PUBLIC_URL: "https://torg.example.no",
    EMAIL_TIMEOUT_MS: "2000",
    // One shopper gets every kind of e-mail below within the hour; the limit has its own tests.
    EMAIL_PER_RECIPIENT_PER_HOUR: "0",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const toText = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
const replyToOf = (mail: ParsedMail | undefined) => mail?.replyTo?.text;
const mailTo = (address: string) => smtp.received.filter((mail) => toText(mail).includes(address));
const linkIn = (mail: ParsedMail | undefined) => {
  const match = /\/confirm-contact-email\?store=([^&\s]+)&token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  expect(match, "the e-mail carries the confirmation link").toBeTruthy();
  return { store: decodeURIComponent(match?.[1] ?? ""), token: match?.[2] ?? "" };
};

let n = 0;
async function seller() {
  n += 1;
  const owner = await signUp(t.app);
  const store = await createStoreVia(owner.agent, `Kontakt ${n}`, `kontakt-${n}-${Date.now()}`);
  return { ...owner, store };
}

const confirm = (storeId: string, token: string) =>
  new Agent(t.app).post(`/api/stores/${storeId}/contact-email/confirm`, { token });

describe("issue 33 item 6: the store's contact address", () => {
  it("defaults to the owner's account address, shown to shoppers", async () => {
    const { agent, user, store } = await seller();
    expect((await agent.get(`/api/stores/${store.id}`)).json()).toMatchObject({
      contactEmail: null,
      contactEmailInUse: user.email,
      contactEmailPending: false,
    });
    const shop = (await new Agent(t.app).get(`/api/stores/slug/${store.slug}`)).json();
    expect(shop.contactEmail).toBe(user.email);
  });

  it("refuses an address that is no address, with the form's message", async () => {
    const { agent, store } = await seller();
    const response = await agent.put(`/api/stores/${store.id}`, { contactEmail: "post at example" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Please enter a valid email address" });
  });

  it("another address waits for its link; the link confirms it once, and only then do shoppers see it", async () => {
    const { agent, user, store } = await seller();
    const wanted = `post-${n}@leirverket.example`;
    const saved = await agent.put(`/api/stores/${store.id}`, { contactEmail: `  ${wanted.toUpperCase()} ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      contactEmail: wanted,
      contactEmailInUse: user.email,
      contactEmailPending: true,
    });
    expect((await new Agent(t.app).get(`/api/stores/slug/${store.slug}`)).json().contactEmail).toBe(
      user.email,
    );

    await t.app.emailOutbox.drain();
    const [mail, ...more] = mailTo(wanted);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Confirm the contact address of ${store.name}`);
    const link = linkIn(mail);
    expect(link.store).toBe(store.id);
    expect(mail?.text).toContain("https://torg.example.no/confirm-contact-email?");
    // Hashed at rest; gone from the outbox once sent; never in the log the seller reads.
    const [pending] = await t.database.db
      .select()
      .from(storeContactEmailConfirmations)
      .where(eq(storeContactEmailConfirmations.storeId, store.id));
    expect(pending?.tokenHash).not.toContain(link.token);
    expect(pending?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [outbox] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, wanted));
    expect(outbox?.params?.token).toBeUndefined();
    const [logged] = await t.database.db.select().from(emailLog).where(eq(emailLog.toAddress, wanted));
    expect(logged?.body).not.toContain(link.token);

    expect((await confirm(store.id, "not-the-token")).statusCode).toBe(400);
    const other = await seller();
    expect((await confirm(other.store.id, link.token)).statusCode).toBe(400);
    const confirmed = await confirm(store.id, link.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: wanted, store: store.name });
    const again = await confirm(store.id, link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/not valid/);

    expect((await agent.get(`/api/stores/${store.id}`)).json()).toMatchObject({
      contactEmailInUse: wanted,
      contactEmailPending: false,
    });
    expect((await new Agent(t.app).get(`/api/stores/slug/${store.slug}`)).json().contactEmail).toBe(wanted);
  });

  it("an owner's own account address needs no link; clearing goes back to it", async () => {
    const { agent, user, store } = await seller();
    const own = await agent.put(`/api/stores/${store.id}`, { contactEmail: user.email });
    expect(own.json()).toMatchObject({ contactEmailPending: false, contactEmailInUse: user.email });
    await t.app.emailOutbox.drain();
    expect(
      smtp.received.filter(
        (mail) => /Confirm the contact/.test(mail.subject ?? "") && toText(mail).includes(user.email),
      ),
    ).toHaveLength(0);
    const cleared = await agent.put(`/api/stores/${store.id}`, { contactEmail: "" });
    expect(cleared.json()).toMatchObject({ contactEmail: null, contactEmailInUse: user.email });
  });

  it("an expired link confirms nothing and says so; a resent link replaces the old one", async () => {
    const { agent, user, store } = await seller();
    const wanted = `utlopt-${n}@example.no`;
    await agent.put(`/api/stores/${store.id}`, { contactEmail: wanted });
    await t.app.emailOutbox.drain();
    const first = linkIn(mailTo(wanted)[0]);

    const resent = await agent.post(`/api/stores/${store.id}/contact-email/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().email).toBe(wanted);
    await t.app.emailOutbox.drain();
    const second = linkIn(mailTo(wanted)[1]);
    expect((await confirm(store.id, first.token)).statusCode).toBe(400);

    await t.database.db
      .update(storeContactEmailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(storeContactEmailConfirmations.storeId, store.id));
    const expired = await confirm(store.id, second.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      "This confirmation link has expired. Send a new one from the store's settings.",
    );
    expect((await agent.get(`/api/stores/${store.id}`)).json()).toMatchObject({
      contactEmailPending: true,
      contactEmailInUse: user.email,
    });
  });

  it("resend: 401 signed out, 404 for another seller's store, 409 when nothing waits, 429 past the hour's links", async () => {
    const { agent, store } = await seller();
    expect((await new Agent(t.app).post(`/api/stores/${store.id}/contact-email/resend`)).statusCode).toBe(
      401,
    );
    const stranger = await signUp(t.app);
    expect((await stranger.agent.post(`/api/stores/${store.id}/contact-email/resend`)).statusCode).toBe(404);
    expect((await agent.post(`/api/stores/${store.id}/contact-email/resend`)).statusCode).toBe(409);
    await agent.put(`/api/stores/${store.id}`, { contactEmail: `mange-${n}@example.no` });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await agent.post(`/api/stores/${store.id}/contact-email/resend`)).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 429]);
  });

  it("every shopper e-mail answers to the contact address; the receipt, order page and terms show it", async () => {
    const { agent, user, store } = await seller();
    const mug = await createProductVia(agent, store.id, { title: "Krus", basePrice: "300" });
    const buyer = `kjoper-${n}@example.no`;
    const placed = await new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.9.3.1",
      payload: {
        storeId: store.id,
        buyerEmail: buyer,
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        shipToAddr: { address: "Storgata 1, 0155 Oslo" },
        items: [{ productId: mug.id, qty: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const { id: orderId, publicUrl } = placed.json() as { id: string; publicUrl: string };
    await t.app.emailOutbox.drain();
    const receipt = mailTo(buyer)[0];
    expect(replyToOf(receipt)).toBe(user.email);
    expect(receipt?.text).toMatch(new RegExp(`E-mail\\s+${user.email.replace(/[.+]/g, "\\$&")}`));
    // The seller's own notice is not the shopper's: it answers to no one in particular.
    const sellerMail = mailTo(user.email).find((mail) => mail.subject?.includes("New order"));
    expect(sellerMail).toBeTruthy();
    expect(replyToOf(sellerMail)).toBeUndefined();

    // Each kind of shopper e-mail, queued for the order as its cause would queue it.
    const kinds = ["order_shipped", "order_ready_for_pickup", "order_cancelled", "withdrawal_confirmation"];
    await t.database.db.insert(emailOutbox).values([
      ...kinds.map((purpose) => ({ orderId, storeId: store.id, toAddress: buyer, purpose })),
      {
        orderId,
        storeId: store.id,
        toAddress: buyer,
        purpose: "order_refunded",
        params: { refunded: "100.00", of: "300.00", provider: "stripe" },
      },
    ]);
    await t.app.emailOutbox.drain();
    const shopperMails = mailTo(buyer);
    expect(shopperMails).toHaveLength(6);
    for (const mail of shopperMails)
      expect([mail.subject, replyToOf(mail)]).toEqual([mail.subject, user.email]);

    const token = publicUrl.split("/order/")[1] ?? "";
    const order = (await new Agent(t.app).get(`/api/orders/by-token/${token}`)).json();
    expect(order.store.contactEmail).toBe(user.email);
    const terms = await new Agent(t.app).get(`/s/${store.slug}/terms`);
    expect(terms.body).toContain(`E-mail: ${user.email}`);
    const page = await new Agent(t.app).get(new URL(publicUrl).pathname);
    expect(page.body).toContain(`mailto:${user.email}`);
  });

  it("the SMTP adapter writes the Reply-To header", async () => {
    const provider = createSmtpEmailProvider({
      url: smtp.url,
      from: "Torg <no-reply@torg.invalid>",
      timeoutMs: 2000,
    });
    try {
      await provider.send({
        to: "adapter@example.no",
        replyTo: "selger@example.no",
        subject: "Hei",
        text: "Hei",
        html: "<p>Hei</p>",
      });
      await provider.send({ to: "adapter2@example.no", subject: "Hei", text: "Hei", html: "<p>Hei</p>" });
    } finally {
      provider.close?.();
    }
    expect(replyToOf(mailTo("adapter@example.no")[0])).toBe("selger@example.no");
    expect(mailTo("adapter2@example.no")[0]?.replyTo).toBeUndefined();
  });
});

describe("issue 33 item 2: the store's language", () => {
  it("a store's language set in its settings is its storefront's, its terms' and its e-mails'", async () => {
    const { agent, store } = await seller();
    expect((await agent.put(`/api/stores/${store.id}`, { defaultLocale: "xx" })).statusCode).toBe(400);
    const saved = await agent.put(`/api/stores/${store.id}`, { defaultLocale: "sv" });
    expect(saved.json().defaultLocale).toBe("sv");
    const front = await new Agent(t.app).get(`/s/${store.slug}`);
    expect(front.body).toMatch(/<html lang="sv"/);
    const terms = await new Agent(t.app).get(`/s/${store.slug}/terms`);
    expect(terms.body).toContain("Köpvillkor");
    const mug = await createProductVia(agent, store.id, { title: "Skål", basePrice: "200" });
    const buyer = `svensk-${n}@example.se`;
    const placed = await new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "10.9.3.2",
      payload: {
        storeId: store.id,
        buyerEmail: buyer,
        shipToName: "Sven Kund",
        shipToPhone: "+47 912 34 567",
        shipToAddr: { address: "Storgata 1, 0155 Oslo" },
        items: [{ productId: mug.id, qty: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    await t.app.emailOutbox.drain();
    expect(mailTo(buyer)[0]?.text).toContain("Hej Sven Kund,");
  });
});

describe("issue 33 item 4: a store with nothing to sell yet", () => {
  it("says so to visitors in the store's language, with no Order Now; a product brings it back", async () => {
    const { agent, store } = await seller();
    await agent.put(`/api/stores/${store.id}`, { defaultLocale: "nb" });
    const empty = await new Agent(t.app).get(`/s/${store.slug}`);
    expect(empty.body).toContain(`${store.name} gjør seg klar — kom tilbake snart.`);
    expect(empty.body).not.toContain("Bestill nå");
    expect(empty.body).not.toContain("Klar til å bestille?");
    await createProductVia(agent, store.id, { title: "Fat", basePrice: "250" });
    const open = await new Agent(t.app).get(`/s/${store.slug}`);
    expect(open.body).toContain("Bestill nå");
    expect(open.body).not.toContain("gjør seg klar");
  });
});
