import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { hashToken } from "../../lib/secret-token";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: "3" });
});
afterAll(() => t.close());

const register = (agent: Agent, body: Record<string, unknown>) => agent.post("/api/register", body);

describe("POST /api/register", () => {
  it("creates an account, signs in with an HttpOnly SameSite cookie and never returns the password", async () => {
    const agent = new Agent(t.app);
    const response = await register(agent, {
      fullName: "Kari Nordmann",
      email: "Kari@Example.no",
      password: "fjordsandfjells",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: "kari@example.no", fullName: "Kari Nordmann", isAdmin: false });
    expect(response.body).not.toContain("fjordsandfjells");
    expect(response.body).not.toMatch(/password/i);
    const cookie = response.cookies.find((c) => c.name === "torg_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect((await agent.get("/api/me")).json().user.email).toBe("kari@example.no");
  });

  it.each([
    [
      { fullName: "K", email: "k@example.no", password: "longenough" },
      "Full name must be at least 2 characters",
    ],
    [
      { fullName: "Kari", email: "not-an-email", password: "longenough" },
      "Please enter a valid email address",
    ],
    [
      { fullName: "Kari", email: "k2@example.no", password: "short" },
      "Password must be at least 8 characters",
    ],
  ])("refuses %o with the message %s", async (body, message) => {
    const response = await register(new Agent(t.app), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("answers in the client's language", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "accept-language": "nb-NO,nb;q=0.9" },
      payload: { fullName: "K", email: "k@example.no", password: "longenough" },
    });
    expect(response.json().message).toBe("Fullt navn må ha minst 2 tegn");
  });

  it("treats emails case-insensitively: a second account with the same address is a 409", async () => {
    await signUp(t.app, { email: "dup@example.no" });
    const response = await register(new Agent(t.app), {
      fullName: "Dup",
      email: "DUP@example.NO",
      password: "longenough",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("An account with this email already exists");
  });

  it("refuses a body that is not JSON, and a body that is too large", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "The request body is not valid JSON" });
    const huge = await register(new Agent(t.app), {
      fullName: "x".repeat(2_000_000),
      email: "a@b.no",
      password: "longenough",
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("The request is too large");
  });
});

describe("sign-up allow-list", () => {
  it("lets only listed addresses and domains register", async () => {
    const restricted = await createTestApp({ SIGNUP_ALLOWLIST: "ada@example.no, @torg.no" });
    try {
      expect((await restricted.app.inject({ url: "/api/auth/options" })).json()).toEqual({
        signupRestricted: true,
      });
      const refused = await register(new Agent(restricted.app), {
        fullName: "Eve",
        email: "eve@evil.test",
        password: "longenough",
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Access restricted to authorized users only");
      const byAddress = await register(new Agent(restricted.app), {
        fullName: "Ada",
        email: "ada@example.no",
        password: "longenough",
      });
      expect(byAddress.statusCode).toBe(201);
      // Allow-listed once the address is proven by its link (decision 0065): anyone can type it.
      expect(byAddress.json().user).toMatchObject({ isWhitelisted: false, emailVerified: false });
      const byDomain = await register(new Agent(restricted.app), {
        fullName: "Ola",
        email: "ola@torg.no",
        password: "longenough",
      });
      expect(byDomain.statusCode).toBe(201);
    } finally {
      await restricted.close();
    }
  });
});

describe("POST /api/login", () => {
  it("signs in with the right password and gives a new session token each time (no fixation)", async () => {
    const { agent, user, password } = await signUp(t.app);
    const before = agent.cookie;
    const response = await agent.post("/api/login", { email: user.email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    expect(response.json().user.lastLoginAt).toEqual(expect.any(String));
    expect(agent.cookie).toBeDefined();
    expect(agent.cookie).not.toBe(before);
    // The token planted before sign-in no longer works.
    const old = await t.app.inject({ url: "/api/me", headers: { cookie: `torg_session=${before}` } });
    expect(old.statusCode).toBe(401);
  });

  it("answers 401 with one message for a wrong password and for an unknown email", async () => {
    const { user } = await signUp(t.app);
    const wrong = await new Agent(t.app).post("/api/login", {
      email: user.email,
      password: "not-the-password",
    });
    const unknown = await new Agent(t.app).post("/api/login", {
      email: "nobody@example.no",
      password: "whatever1",
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Invalid email or password" });
    }
  });

  it("validates its input", async () => {
    const response = await new Agent(t.app).post("/api/login", { email: "nope", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a valid email address");
  });

  it("throttles repeated failures for an email from one address with a 429 and a message, even for the right password", async () => {
    const { user, password } = await signUp(t.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await new Agent(t.app).post("/api/login", { email: user.email, password: "wrong-password" }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await new Agent(t.app).post("/api/login", { email: user.email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("sessions", () => {
  it("GET /api/me is 401 when signed out, and X-User-ID without a cookie is ignored", async () => {
    const { user } = await signUp(t.app);
    expect((await t.app.inject({ url: "/api/me" })).statusCode).toBe(401);
    const spoofed = await t.app.inject({ url: "/api/me", headers: { "x-user-id": user.id } });
    expect(spoofed.statusCode).toBe(401);
    expect(spoofed.json()).toEqual({ message: "Please log in to continue" });
    const spoofedUpdate = await t.app.inject({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: { "x-user-id": user.id },
      payload: { fullName: "Hijacked", email: "hijack@example.no" },
    });
    expect(spoofedUpdate.statusCode).toBe(401);
  });

  it("an expired session is refused", async () => {
    const { agent } = await signUp(t.app);
    expect((await agent.get("/api/me")).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(agent.cookie ?? "")));
    expect((await agent.get("/api/me")).statusCode).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const { agent } = await signUp(t.app);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === agent.cookie)).toBe(false);
    expect(rows.some((row) => row.tokenHash === hashToken(agent.cookie ?? ""))).toBe(true);
  });

  it("logout ends the session on the server: the old cookie stops working", async () => {
    const { agent } = await signUp(t.app);
    const token = agent.cookie;
    const response = await agent.post("/api/logout");
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === "torg_session")?.value).toBe("");
    const replay = await t.app.inject({ url: "/api/me", headers: { cookie: `torg_session=${token}` } });
    expect(replay.statusCode).toBe(401);
  });

  it("refuses a cookie-authenticated write from a foreign origin (CSRF)", async () => {
    const { agent, user } = await signUp(t.app);
    const response = await agent.request({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: { origin: "https://evil.example" },
      payload: { fullName: "Evil", email: "evil@example.no" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("This request came from another site and was refused");
    const sameOrigin = await agent.request({
      method: "PUT",
      url: `/api/users/${user.id}`,
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: { fullName: "Same Origin", email: user.email },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it("sets security headers: the page policy on pages, the short API set on JSON", async () => {
    const page = await t.app.inject({ url: "/login" });
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");

    const api = await t.app.inject({ url: "/api/health" });
    expect(api.statusCode).toBe(200);
    expect(api.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["x-dns-prefetch-control"]).toBeUndefined();
  });
});
