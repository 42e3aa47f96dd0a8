/**
 * With no mail server (the default `npm start`), a password reset or a proof of address must still be
 * possible for whoever runs the install: the log provider writes a one-time link's message to the
 * server's own log, while email_log, which sellers and admins read, keeps it without the token
 * (decision 0070). Other messages reach the server log as subject and recipient only.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLog } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

const ORIGIN = "https://torg.example.no";
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN, EMAIL_PROVIDER: "log" }, { level: "info", stream });
});
afterAll(() => t.close());

const mailLines = () =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "E-mail (log provider, not sent)");

describe("the log e-mail provider", () => {
  it("writes a reset link to the server log, where it can be followed, and keeps it out of email_log", async () => {
    const { user } = await signUp(t.app);
    lines.length = 0;
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/password-reset",
      payload: { email: user.email },
      remoteAddress: "198.51.100.77",
    });
    expect(asked.statusCode).toBe(202);
    await t.app.emailOutbox.drain();

    const [entry] = mailLines().filter((line) => line.email.to === user.email);
    const token = /reset-password\?token=([^\s"]+)/.exec(entry?.email.text ?? "")?.[1];
    expect(token, "the reset link is in the server log").toBeTruthy();
    const kept = await t.database.db.select().from(emailLog).where(eq(emailLog.toAddress, user.email));
    expect(kept.map((row) => row.body).join("\n")).not.toContain(token);

    const requester = new Agent(t.app);
    const reset = await requester.post("/api/password-reset/confirm", {
      token: decodeURIComponent(token as string),
      password: "a-brand-new-one",
    });
    expect(reset.statusCode).toBe(200);
  });

  it("writes other messages as subject and recipient only", async () => {
    lines.length = 0;
    const { user } = await signUp(t.app, { verified: false });
    await t.app.emailOutbox.drain();
    const [verification] = mailLines().filter((line) => line.email.to === user.email);
    expect(verification?.email.text).toContain("/verify-email?token=");

    // A receipt is no one-time link: the server log has its subject and recipient, email_log its text.
    const seller = await signUp(t.app);
    const store = await createStoreVia(seller.agent);
    const product = await createProductVia(seller.agent, store.id, { title: "Kopp", basePrice: "100" });
    lines.length = 0;
    const placed = await new Agent(t.app).request({
      method: "POST",
      url: "/api/orders",
      remoteAddress: "198.51.100.78",
      payload: {
        storeId: store.id,
        buyerEmail: "kunde@example.no",
        shipToName: "Nora Kunde",
        shipToPhone: "+47 912 34 567",
        shipToAddr: { address: "Storgata 1, 0155 Oslo" },
        items: [{ productId: product.id, qty: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    await t.app.emailOutbox.drain();
    const [receipt] = mailLines().filter((line) => line.email.to === "kunde@example.no");
    expect(receipt?.email.subject).toContain("Your order");
    expect(receipt?.email).not.toHaveProperty("text");
    const kept = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.toAddress, "kunde@example.no"));
    expect(kept[0]?.body).toContain("Kopp");
  });
});
