/**
 * Torg issue 33, item 8: there was no way back into an account whose password was forgotten, and no
 * address was ever proven. Now "Forgot password?" sends a one-time, expiring link (only its hash kept,
 * rate limited, the same 202 for every address, every session ended on reset), sign-up sends a link
 * that proves the address, and what needs a proven address waits for it (decision 0065).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, emailLog, emailOutbox, users } from "../../db/schema";
import { createStoreVia } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

const ORIGIN = "https://torg.example.no";
const LINK_INVALID = "This link is invalid or has expired. Ask for a new one.";
const NOT_VERIFIED = "Confirm your email address first: open the link we sent you, or ask for a new one.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test asks from its own client address, so the per-address limits of one do not touch another. */
const freshIp = () => {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
};

const post = (app: TestApp["app"], url: string, payload: unknown, ip = freshIp(), cookie?: string) =>
  app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers: cookie ? { cookie: `torg_session=${cookie}` } : {},
  });

/** The links queued for an address, newest last, with the token each e-mail carries. */
async function linksTo(address: string, purpose: "password_reset" | "email_verification", app = t) {
  const rows = await app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.purpose, purpose)))
    .orderBy(emailOutbox.createdAt);
  return rows.map((row) => ({ ...row, token: String(row.params?.token ?? "") }));
}

async function lastToken(address: string, purpose: "password_reset" | "email_verification", app = t) {
  const token = (await linksTo(address, purpose, app)).at(-1)?.token;
  expect(token, `a ${purpose} link was queued to ${address}`).toBeTruthy();
  return token as string;
}

describe("POST /api/password-reset", () => {
  it("answers 202 for an address with no account, and sends nothing", async () => {
    const response = await post(t.app, "/api/password-reset", { email: "nobody-here@example.no" });
    expect(response.statusCode).toBe(202);
    expect(await linksTo("nobody-here@example.no", "password_reset")).toHaveLength(0);
  });

  it("answers the same 202 for an account's address and queues a link; only the token's hash is stored", async () => {
    const { user } = await signUp(t.app);
    const unknown = await post(t.app, "/api/password-reset", { email: "someone-else@example.no" });
    const known = await post(t.app, "/api/password-reset", { email: user.email.toUpperCase() });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const token = await lastToken(user.email, "password_reset");
    const [stored] = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(stored?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it("sends the link on Torg's public address, in the account's language, and keeps no token once sent", async () => {
    const { agent, user } = await signUp(t.app);
    await agent.put("/api/settings", { language: "nb" });
    await post(t.app, "/api/password-reset", { email: user.email });
    const [queued] = await linksTo(user.email, "password_reset");
    await t.app.emailOutbox.drain();
    const [log] = await t.database.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.outboxId, queued?.id ?? ""));
    expect(log?.subject).toBe("Tilbakestill passordet ditt hos Torg");
    expect(log?.body).toContain(`${ORIGIN}/reset-password?token=…`);
    expect(log?.body).not.toContain(queued?.token);
    const [sent] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, queued?.id ?? ""));
    expect(sent?.status).toBe("sent");
    expect(sent?.params ?? {}).not.toHaveProperty("token");
  });

  it("sends a mailbox at most three links an hour, answering 202 all the same", async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, "/api/password-reset", { email: user.email })).statusCode).toBe(202);
    }
    expect(await linksTo(user.email, "password_reset")).toHaveLength(3);
  });

  it("refuses a client address past twenty requests an hour with 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const ok = await post(t.app, "/api/password-reset", { email: `probe${i}@example.no` }, ip);
      expect(ok.statusCode).toBe(202);
    }
    const refused = await post(t.app, "/api/password-reset", { email: "probe-last@example.no" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many requests. Please try again in a moment.");
  });

  it("answers 400 with a message for an address that is not one", async () => {
    const response = await post(t.app, "/api/password-reset", { email: "not-an-address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a valid email address");
  });
});

describe("POST /api/password-reset/confirm", () => {
  it("sets the new password, ends every other session and signs the requester in", async () => {
    const { agent: otherBrowser, user, password } = await signUp(t.app);
    await post(t.app, "/api/password-reset", { email: user.email });
    const token = await lastToken(user.email, "password_reset");
    const requester = new Agent(t.app);
    const reset = await requester.post("/api/password-reset/confirm", { token, password: "a-brand-new-one" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
    expect((await requester.get("/api/me")).statusCode).toBe(200);
    expect((await otherBrowser.get("/api/me")).statusCode).toBe(401);
    const oldPassword = await post(t.app, "/api/login", { email: user.email, password });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post(t.app, "/api/login", { email: user.email, password: "a-brand-new-one" });
    expect(newPassword.statusCode).toBe(200);
  });

  it("works once: the same link again is refused with a message", async () => {
    const { user } = await signUp(t.app);
    await post(t.app, "/api/password-reset", { email: user.email });
    const token = await lastToken(user.email, "password_reset");
    expect(
      (await post(t.app, "/api/password-reset/confirm", { token, password: "first-new-one" })).statusCode,
    ).toBe(200);
    const again = await post(t.app, "/api/password-reset/confirm", { token, password: "second-new-one" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID);
    expect(
      (await post(t.app, "/api/login", { email: user.email, password: "second-new-one" })).statusCode,
    ).toBe(401);
  });

  it("refuses a link past its hour, and an older link once a newer one was sent", async () => {
    const { user } = await signUp(t.app);
    await post(t.app, "/api/password-reset", { email: user.email });
    const older = await lastToken(user.email, "password_reset");
    await post(t.app, "/api/password-reset", { email: user.email });
    const newer = await lastToken(user.email, "password_reset");
    const superseded = await post(t.app, "/api/password-reset/confirm", {
      token: older,
      password: "new-password",
    });
    expect(superseded.statusCode).toBe(400);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    const expired = await post(t.app, "/api/password-reset/confirm", {
      token: newer,
      password: "new-password",
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(LINK_INVALID);
  });

  it("refuses a wrong token and a short password with a message, changing nothing", async () => {
    const wrong = await post(t.app, "/api/password-reset/confirm", {
      token: "made-up",
      password: "long-enough",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(LINK_INVALID);
    const { user, password } = await signUp(t.app);
    await post(t.app, "/api/password-reset", { email: user.email });
    const token = await lastToken(user.email, "password_reset");
    const short = await post(t.app, "/api/password-reset/confirm", { token, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");
    expect((await post(t.app, "/api/login", { email: user.email, password })).statusCode).toBe(200);
  });
});

describe("e-mail verification", () => {
  it("sign-up sends a link; /api/me says unverified until it is opened, then verified", async () => {
    const { agent, user } = await signUp(t.app, { verified: false });
    expect((await agent.get("/api/me")).json().user.emailVerified).toBe(false);
    const token = await lastToken(user.email, "email_verification");
    const confirmed = await post(t.app, "/api/email-verification/confirm", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.emailVerified).toBe(true);
    expect((await agent.get("/api/me")).json().user.emailVerified).toBe(true);
    const again = await post(t.app, "/api/email-verification/confirm", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_INVALID);
  });

  it("refuses a wrong and an expired link with a message", async () => {
    const wrong = await post(t.app, "/api/email-verification/confirm", { token: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(LINK_INVALID);
    const { user } = await signUp(t.app, { verified: false });
    const token = await lastToken(user.email, "email_verification");
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    expect((await post(t.app, "/api/email-verification/confirm", { token })).statusCode).toBe(400);
  });

  it("Resend sends a new link (the old one stops working), is rate limited, and needs a session", async () => {
    const { agent, user } = await signUp(t.app, { verified: false });
    const first = await lastToken(user.email, "email_verification");
    expect((await agent.post("/api/email-verification")).statusCode).toBe(202);
    const second = await lastToken(user.email, "email_verification");
    expect(second).not.toBe(first);
    expect((await post(t.app, "/api/email-verification/confirm", { token: first })).statusCode).toBe(400);
    expect((await agent.post("/api/email-verification")).statusCode).toBe(202);
    const tooMany = await agent.post("/api/email-verification");
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe("Too many requests. Please try again in a moment.");
    expect((await new Agent(t.app).post("/api/email-verification")).statusCode).toBe(401);
  });

  it("Resend for a proven address answers 409 with a message", async () => {
    const { agent } = await signUp(t.app);
    const response = await agent.post("/api/email-verification");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Your email address is already confirmed.");
  });
});

describe("what waits for a proven address", () => {
  it("live online payments: 403 with a message until the address is proven", async () => {
    const { agent, user, password } = await signUp(t.app, { verified: false });
    const store = await createStoreVia(agent);
    const channel = { provider: "stripe", externalId: "acct_1Verify0001", expectedUpdatedAt: null };
    const live = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      ...channel,
      isLive: true,
      currentPassword: password,
    });
    expect(live.statusCode).toBe(403);
    expect(live.json().message).toBe(NOT_VERIFIED);
    await post(t.app, "/api/email-verification/confirm", {
      token: await lastToken(user.email, "email_verification"),
    });
    const after = await agent.post(`/api/stores/${store.id}/payment-channels`, {
      ...channel,
      isLive: true,
      currentPassword: password,
    });
    expect(after.statusCode).toBe(201);
  });

  it("a new e-mail replaces the old one only when the link sent to it is opened", async () => {
    const { agent, user, password } = await signUp(t.app);
    const next = `moved-${user.id.slice(0, 8)}@example.no`;
    const saved = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: next,
      currentPassword: password,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().email).toBe(user.email);
    const token = await lastToken(next, "email_verification");
    const confirmed = await post(t.app, "/api/email-verification/confirm", { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: next, emailVerified: true });
    expect((await agent.get("/api/me")).json().user.email).toBe(next);
  });

  it("the new address is refused at confirmation if another account took it meanwhile (409)", async () => {
    const { agent, user, password } = await signUp(t.app);
    const next = `contested-${user.id.slice(0, 8)}@example.no`;
    await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: next,
      currentPassword: password,
    });
    const token = await lastToken(next, "email_verification");
    await signUp(t.app, { email: next });
    const confirmed = await post(t.app, "/api/email-verification/confirm", { token });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe("An account with this email already exists");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it("an allow-listed address gets a seller's rights only once it is proven", async () => {
    const restricted = await createTestApp({ PUBLIC_URL: ORIGIN, SIGNUP_ALLOWLIST: "@allowed.no" });
    try {
      const { agent, user } = await signUp(restricted.app, { email: "ada@allowed.no", verified: false });
      expect((await agent.get("/api/me")).json().user).toMatchObject({
        emailVerified: false,
        isWhitelisted: false,
      });
      const refused = await agent.post("/api/stores", { name: "Ada's", slug: "adas-shop" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(NOT_VERIFIED);
      const token = await lastToken(user.email, "email_verification", restricted);
      await post(restricted.app, "/api/email-verification/confirm", { token });
      expect((await agent.get("/api/me")).json().user).toMatchObject({
        emailVerified: true,
        isWhitelisted: true,
      });
      expect((await agent.post("/api/stores", { name: "Ada's", slug: "adas-shop" })).statusCode).toBe(201);
    } finally {
      await restricted.close();
    }
  });

  it("the reset link of an address proves it: an unverified account is verified by a reset", async () => {
    const { user } = await signUp(t.app, { verified: false });
    await post(t.app, "/api/password-reset", { email: user.email });
    const token = await lastToken(user.email, "password_reset");
    const reset = await post(t.app, "/api/password-reset/confirm", { token, password: "reset-and-proven" });
    expect(reset.json().user.emailVerified).toBe(true);
  });
});
