import { asc, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLog, emailOutbox, orders, stores, userSettings } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";
import { startTestSmtpServer } from "./testing";

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    EMAIL_FROM: "Torg <ordre@torg.test>",
    EMAIL_RETRY_BASE_MS: "60000",
    EMAIL_MAX_ATTEMPTS: "3",
    EMAIL_TIMEOUT_MS: "2000",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let shoppers = 0;
const buyer = () => `kunde${++shoppers}@example.no`;

async function shop(storeName = "Leire & <Glasur>") {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent, storeName, `leire-${Date.now()}-${shoppers}`);
  const mug = await createProductVia(seller.agent, store.id, { title: "Krus <b>blå</b>", basePrice: "349" });
  return { seller, store, mug };
}

async function order(storeId: string, productId: string, email = buyer()) {
  const response = await new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    remoteAddress: `10.7.0.${shoppers}`,
    payload: {
      storeId,
      buyerEmail: email,
      shipToName: "Nora <Kunde>",
      shipToPhone: "+47 912 34 567",
      shipToAddr: { address: "Storgata 1, 0155 Oslo" },
      items: [{ productId, qty: 2 }],
    },
  });
  expect(response.statusCode).toBe(201);
  return { ...(response.json() as { id: string; publicUrl: string }), email };
}

const mailTo = (address: string) =>
  smtp.received.filter((mail) => (mail.to && "text" in mail.to ? mail.to.text : "").includes(address));

/** Lets the backoff pass (a minute and more) without waiting for it, then sends what is due, until nothing is. */
async function drainUntilQuiet() {
  for (let pass = 0; pass < 6; pass++) {
    await t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.status, "pending"));
    if ((await t.app.emailOutbox.drain()) === 0) return;
  }
}

describe("e-mail through the outbox and a real SMTP server", () => {
  it("sends the shopper's receipt and the seller's new-order mail after commit, each exactly once", async () => {
    const { seller, store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    // Queued with the order, not sent in its request.
    expect(mailTo(placed.email)).toHaveLength(0);
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
    expect(queued.map((row) => row.purpose).sort()).toEqual(["order_confirmation", "seller_new_order"]);

    await t.app.emailOutbox.drain();
    await t.app.emailOutbox.drain();
    const [receipt, ...more] = mailTo(placed.email);
    expect(more).toHaveLength(0);
    expect(mailTo(seller.user.email)).toHaveLength(1);
    expect(mailTo(seller.user.email)[0]?.subject).toBe(`New order ${placed.id.slice(0, 8)} at ${store.name}`);

    const mail = receipt as ParsedMail;
    expect(mail.from?.text).toContain("ordre@torg.test");
    expect(mail.subject).toBe(`Your order ${placed.id.slice(0, 8)} from Leire & <Glasur>`);
    const text = mail.text ?? "";
    // "Nora <Kunde>" is not a plain name: the shopper's mail greets without it (decision 0058), under the
    // store's name that heads it (decision 0080).
    expect(text.startsWith("Leire & <Glasur>\n================\n\nHi,\n")).toBe(true);
    expect(text).toContain("Krus <b>blå</b>, 2 × 349.00 kr  698.00 kr");
    expect(text).toMatch(/Total\s+698\.00 kr/);
    expect(text).toContain(`Your order page (status, tracking and withdrawal): ${placed.publicUrl}`);
    // The standard withdrawal form, filled in with what Torg knows, blanks for the rest.
    expect(text).toContain("Standard withdrawal form");
    expect(text).toContain("To: Leire & <Glasur>");
    expect(text).toContain("2 × Krus <b>blå</b>");
    expect(text).toMatch(/Ordered on: .+ \(order [0-9a-f]{8}\)/);
    for (const blank of ["Received on:", "Name of consumer(s):", "Address of consumer(s):", "Date:"])
      expect(text).toContain(`${blank} ___`);

    // The HTML part escapes everything the seller and the shopper wrote, and links to the order page.
    const html = typeof mail.html === "string" ? mail.html : "";
    expect(html).toContain("Krus &lt;b&gt;blå&lt;/b&gt;");
    expect(html).toContain("Leire &amp; &lt;Glasur&gt;");
    expect(html).not.toContain("<b>blå</b>");
    expect(html).not.toContain("Kunde");
    expect(html).toContain(`href="${placed.publicUrl}"`);
    // The seller's mail names the buyer as typed, escaped.
    const sellerHtml = mailTo(seller.user.email)[0]?.html;
    expect(sellerHtml).toContain("Nora &lt;Kunde&gt; ordered from Leire &amp; &lt;Glasur&gt;:");
  });

  it("one pass sends the e-mails of several orders, each with its own order's lines, each recorded once", async () => {
    // A pass reads all its orders at once (decision 0043): every receipt must still be its own order's.
    const { store, mug } = await shop();
    const placed = [];
    for (let n = 0; n < 3; n++) placed.push(await order(store.id, mug.id));
    await t.app.emailOutbox.drain();
    for (const { id, email } of placed) {
      const [receipt, ...more] = mailTo(email);
      expect(more).toHaveLength(0);
      expect(receipt?.subject).toBe(`Your order ${id.slice(0, 8)} from Leire & <Glasur>`);
      expect(receipt?.text).toContain(`(order ${id.slice(0, 8)})`);
      const log = await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, id));
      expect(log.map((row) => `${row.purpose} ${row.status}`).sort()).toEqual([
        "order_confirmation sent",
        "seller_new_order sent",
      ]);
      const outbox = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));
      expect(outbox.map((row) => row.status)).toEqual(["sent", "sent"]);
    }
  });

  it("writes the receipt in the store's language", async () => {
    const { store, mug } = await shop("Verkstedet");
    await t.database.db.update(stores).set({ defaultLocale: "nb" }).where(eq(stores.id, store.id));
    const placed = await order(store.id, mug.id);
    await t.app.emailOutbox.drain();
    const [mail] = mailTo(placed.email);
    expect(mail?.subject).toBe(`Bestillingen din ${placed.id.slice(0, 8)} fra Verkstedet`);
    expect(mail?.text).toContain("Skjema for bruk av angreretten");
    expect(mail?.text).toContain("Varen ble mottatt den:");
    expect(mail?.text).toMatch(/Totalt\s+698,00 kr/);
  });

  it("retries when the SMTP server refuses, and delivers once it accepts", async () => {
    const { store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    smtp.refuse(10);
    await t.app.emailOutbox.drain();
    expect(mailTo(placed.email)).toHaveLength(0);
    const failed = await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, placed.id));
    expect(failed.every((row) => row.status === "failed")).toBe(true);
    expect(failed[0]?.error).toMatch(/451/);
    const [pending] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.orderId} = ${placed.id} and ${emailOutbox.purpose} = 'order_confirmation'`);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });

    smtp.refuse(0);
    await drainUntilQuiet();
    expect(mailTo(placed.email)).toHaveLength(1);
    const log = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.outboxId, pending?.id ?? ""))
      // Rows in no order come back in whatever order the table holds them: a pass writes its log in one statement.
      .orderBy(asc(emailLog.attempt));
    expect(log.map((row) => [row.attempt, row.status])).toEqual([
      [1, "failed"],
      [2, "sent"],
    ]);
  });

  it("gives up after the last attempt, and the order stays as placed", async () => {
    const { store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    smtp.refuse(100);
    await drainUntilQuiet();
    smtp.refuse(0);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["failed", 3],
      ["failed", 3],
    ]);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(kept?.totalGross).toBe("698.00");
  });

  it("sends the seller's new-order mail only to members who keep e-mail notifications on", async () => {
    const { seller, store, mug } = await shop();
    await t.database.db
      .insert(userSettings)
      .values({ userId: seller.user.id, emailNotifications: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { emailNotifications: false } });
    const placed = await order(store.id, mug.id);
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
    expect(queued.map((row) => row.purpose)).toEqual(["order_confirmation"]);
  });

  it("tells the shopper their order has been sent when the seller fulfils it, once", async () => {
    const { seller, store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    await t.app.emailOutbox.drain();
    const fulfil = (status: string) =>
      seller.agent.request({ method: "PATCH", url: `/api/orders/${placed.id}/status`, payload: { status } });
    expect((await fulfil("fulfilled")).statusCode).toBe(200);
    expect((await fulfil("paid")).statusCode).toBe(200);
    expect((await fulfil("fulfilled")).statusCode).toBe(200);
    await t.app.emailOutbox.drain();
    const shipped = mailTo(placed.email).filter((mail) => mail.subject?.includes("has been sent"));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain("The seller has not given a tracking number.");
    expect(shipped[0]?.text).toContain(placed.publicUrl);
  });

  it("puts the delivery, the VAT and the seller's legal details on the receipt, and the tracking number in the sent mail (decision 0036)", async () => {
    const { seller, store, mug } = await shop("Leirverket");
    const details = await seller.agent.put(`/api/stores/${store.id}`, {
      vatRate: 25,
      legalName: "Leirverket Hansen ENK",
      orgNumber: "923 609 016",
      address: "Verkstedgata 3, 5003 Bergen",
    });
    expect(details.statusCode).toBe(200);
    expect((await seller.agent.put(`/api/stores/${store.id}`, { phone: "91234567" })).statusCode).toBe(200);
    const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
      { name: "Posten/Bring: pakke i postkassen", kind: "parcel", price: "99" },
    ]);
    const [parcel] = saved.json() as { id: string }[];
    const response = await new Agent(t.app).post("/api/orders", {
      storeId: store.id,
      buyerEmail: "pakke@example.no",
      shipToName: "Nora Kunde",
      shipToPhone: "+47 912 34 567",
      shipToAddr: { street: "Storgata 1", post: "0155", city: "Oslo" },
      deliveryOptionId: parcel?.id,
      items: [{ productId: mug.id, qty: 2 }],
    });
    expect(response.statusCode).toBe(201);
    const placed = response.json() as { id: string; publicUrl: string };
    await t.app.emailOutbox.drain();
    const mail = mailTo("pakke@example.no")[0];
    const text = mail?.text ?? "";
    // 698 kr of goods + 99 kr of delivery = 797 kr, of which 25 % VAT: 797 / 5 = 159.40 kr.
    expect(text).toMatch(/Delivery: Posten\/Bring: pakke i postkassen\s+99\.00 kr/);
    expect(text).toMatch(/Total\s+797\.00 kr/);
    expect(text).toMatch(/Including VAT 25 %\s+159\.40 kr/);
    expect(text).toMatch(/Seller\s+Leirverket Hansen ENK/);
    expect(text).toMatch(/Organisation number\s+923 609 016 MVA/);
    expect(text).toContain("Verkstedgata 3, 5003 Bergen");
    expect(text).toContain("To: Leirverket Hansen ENK, Verkstedgata 3, 5003 Bergen, org. 923 609 016");
    // The seller's phone as Torg shows it everywhere, and the seller block as wide as the receipt's table.
    expect(text).toContain("+47 912 34 567");
    expect(text).not.toContain("+4791234567");
    const html = typeof mail?.html === "string" ? mail.html : "";
    const tables = html.match(/<table style="[^"]*"/g) ?? [];
    expect(tables.length).toBeGreaterThanOrEqual(2);
    for (const table of tables) expect(table).toContain("width:100%");

    const fulfilled = await seller.agent.request({
      method: "PATCH",
      url: `/api/orders/${placed.id}/status`,
      payload: { status: "fulfilled", trackingNumber: "70701234567890123" },
    });
    expect(fulfilled.statusCode).toBe(200);
    await t.app.emailOutbox.drain();
    const shipped = mailTo("pakke@example.no").find((mail) => mail.subject?.includes("has been sent"));
    expect(shipped?.text).toContain("70701234567890123");
  });

  it("tells the seller and the shopper about a withdrawal", async () => {
    const { seller, store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    const token = placed.publicUrl.split("/order/")[1];
    expect((await new Agent(t.app).post(`/api/orders/by-token/${token}/withdrawal`)).statusCode).toBe(200);
    await t.app.emailOutbox.drain();
    const notice = mailTo(seller.user.email).find((mail) => mail.subject?.startsWith("Withdrawal"));
    expect(notice?.subject).toBe(`Withdrawal: order ${placed.id.slice(0, 8)} at ${store.name}`);
    expect(notice?.text).toContain("The shopper has withdrawn from order");
    const receipt = mailTo(placed.email).find((mail) => mail.subject?.startsWith("We have received"));
    expect(receipt?.text).toContain(placed.publicUrl);
  });
});

describe("e-mail and privacy", () => {
  it("erasing a shopper erases the e-mails about their orders too", async () => {
    const { seller, store, mug } = await shop();
    const placed = await order(store.id, mug.id);
    await t.app.emailOutbox.drain();
    const erased = await seller.agent.post(`/api/stores/${store.id}/erase-shopper`, { email: placed.email });
    expect(erased.statusCode).toBe(200);
    const logs = await t.database.db.select().from(emailLog).where(eq(emailLog.orderId, placed.id));
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect([log.toAddress, log.subject, log.body]).toEqual(["", "", ""]);
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed.id));
    expect(queued.map((row) => row.toAddress)).toEqual(["", ""]);
  });
});

describe("e-mail without a mail server", () => {
  it("never blocks an order: the order is answered, the failed attempt logged for a retry", async () => {
    const down = await startTestSmtpServer();
    await down.close();
    const offline = await createTestApp({ SMTP_URL: down.url, EMAIL_TIMEOUT_MS: "500" });
    try {
      const seller = await signUp(offline.app);
      const store = await createStoreVia(seller.agent);
      const mug = await createProductVia(seller.agent, store.id);
      const started = Date.now();
      const response = await new Agent(offline.app).post("/api/orders", {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items: [{ productId: mug.id, qty: 1 }],
      });
      expect(response.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(5000);
      await offline.app.emailOutbox.drain();
      const rows = await offline.database.db.select().from(emailOutbox);
      expect(rows.every((row) => row.status === "pending" && row.lastError)).toBe(true);
    } finally {
      await offline.close();
    }
  });

  it("the log provider writes the message to email_log, where the seller reads it", async () => {
    const logged = await createTestApp();
    try {
      const seller = await signUp(logged.app);
      const store = await createStoreVia(seller.agent);
      const mug = await createProductVia(seller.agent, store.id, { title: "Fat" });
      const placed = await new Agent(logged.app).post("/api/orders", {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        items: [{ productId: mug.id, qty: 1 }],
      });
      expect(placed.statusCode).toBe(201);
      await logged.app.emailOutbox.drain();
      const page = await seller.agent.get("/api/admin/email-logs");
      expect(page.statusCode).toBe(200);
      const { items } = page.json() as { items: { toAddress: string; status: string; body: string }[] };
      const receipt = items.find((row) => row.toAddress === "kunde@example.no");
      expect(receipt?.status).toBe("logged");
      expect(receipt?.body).toContain("Fat, 1 × 349.00 kr");
      // Another seller sees none of it.
      const other = await signUp(logged.app);
      await createStoreVia(other.agent);
      expect((await other.agent.get("/api/admin/email-logs")).json()).toEqual({ items: [], total: 0 });
    } finally {
      await logged.close();
    }
  });
});
