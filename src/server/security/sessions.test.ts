/**
 * Issue 7, sessions: what the module suites do not already prove.
 *
 * Already covered, not repeated here:
 * - src/server/modules/auth/auth.test.ts: a new token at every login and the old one dead (fixation);
 *   HttpOnly, SameSite=Lax, Path=/ on the sign-up cookie; login throttling per address and email with
 *   429 and Retry-After; logout revoking the token; expired sessions; only the token's hash stored; X-User-ID
 *   ignored; one foreign-Origin PUT refused; helmet's headers.
 * - src/server/modules/users/users.test.ts: a password change ends the other sessions, the current
 *   one continues, the old password stops working.
 *
 * Added here: cookie flags on login and logout, Secure under COOKIE_SECURE=true and behind a trusted
 * proxy (and not from a spoofed X-Forwarded-Proto), HSTS; what else a password change does and does
 * not end; CSRF on many write routes, by Origin, Origin: null, Sec-Fetch-Site and look-alike origins;
 * throttling per client address across many emails, across addresses for one email (slowed, not
 * locked: see login-lockout.test.ts), under concurrency, and of sign-ups.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { hashToken } from "../lib/secret-token";
import { multipart, sampleJpeg } from "../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import {
  type Actor,
  advanceThrottleClock,
  freshSession,
  type Seed,
  seedScenario,
  send,
  sessionCookieOf,
  validOrder,
} from "./scenario";

const PUBLIC_URL = "https://torg.example.no";
const LOGIN_MAX_ATTEMPTS = 3;
/** The longest one email's attempts are made to wait (slowed, never locked). */
const LOGIN_MAX_DELAY_MS = 60_000;

let t: TestApp;
let seed: Seed;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS) });
  seed = await seedScenario(t);
}, 180_000);
afterAll(() => t?.close());

const sessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === "torg_session");

const login = (app: TestApp, email: string, password: string, extra: Partial<InjectOptions> = {}) =>
  app.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, ...extra });

const me = (token: string | undefined) =>
  t.app.inject({ url: "/api/me", headers: token ? { cookie: `torg_session=${token}` } : {} });

describe("cookie flags", () => {
  it("login sets an HttpOnly, SameSite=Lax, Path=/ cookie that lives as long as the session, not Secure over HTTP", async () => {
    const member = seed.actors.member;
    const response = await login(t, member.user?.email ?? "", member.password ?? "");
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.domain).toBeUndefined();
    const lifetime = (cookie?.expires?.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(t.config.sessionTtlMs - 60_000);
    expect(lifetime).toBeLessThanOrEqual(t.config.sessionTtlMs);
    // The raw header, as a browser reads it.
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly/);
    expect(String(response.headers["set-cookie"])).toMatch(/SameSite=Lax/);
  });

  it("a refused login sets no cookie; a spoofed X-Forwarded-Proto does not make the cookie Secure without TRUST_PROXY", async () => {
    const member = seed.actors.member;
    const wrong = await login(t, member.user?.email ?? "", "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();
    const spoofed = await login(t, member.user?.email ?? "", member.password ?? "", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(sessionCookie(spoofed)?.secure).toBeFalsy();
  });

  it("logout clears the cookie with the same name, path and flags, and expires it", async () => {
    const token = await freshSession(t, seed.actors.member);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: `torg_session=${token}` },
    });
    const cleared = sessionCookie(response);
    expect(cleared).toMatchObject({ value: "", path: "/", httpOnly: true, sameSite: "Lax" });
    expect(cleared?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
  });

  it("COOKIE_SECURE=true marks every session cookie Secure and turns HSTS on", async () => {
    const secure = await createTestApp({ COOKIE_SECURE: "true" });
    try {
      const register = await secure.app.inject({
        method: "POST",
        url: "/api/register",
        payload: {
          fullName: "Sigrid Secure",
          email: `secure-${randomUUID().slice(0, 8)}@example.no`,
          password: "a-strong-password",
        },
      });
      expect(register.statusCode).toBe(201);
      expect(sessionCookie(register)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
      const { email } = register.json().user;
      const signedIn = await login(secure, email, "a-strong-password");
      expect(sessionCookie(signedIn)).toMatchObject({ secure: true, httpOnly: true });
      expect(String(signedIn.headers["strict-transport-security"])).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it("behind a trusted proxy (TRUST_PROXY=true, COOKIE_SECURE=auto) the cookie is Secure exactly when the proxy says HTTPS", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const { user, password } = await signUp(proxied.app);
      const https = await login(proxied, user.email, password, { headers: { "x-forwarded-proto": "https" } });
      expect(sessionCookie(https)?.secure).toBe(true);
      const http = await login(proxied, user.email, password, { headers: { "x-forwarded-proto": "http" } });
      expect(sessionCookie(http)?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });
});

describe("logout everywhere on a password change", () => {
  it("ends every other session of that account (writes included), keeps the current token, and spares other accounts", async () => {
    const { agent, user, password } = await signUp(t.app, { fullName: "Pia Password" });
    const owner: Actor = { name: "member", token: agent.cookie, user, password };
    const laptop = owner.token;
    const phone = await freshSession(t, owner);
    const tablet = await freshSession(t, owner);
    const bystander = await freshSession(t, seed.actors.other);

    const response = await send(t, owner, {
      method: "POST",
      url: "/api/users/me/password",
      payload: { currentPassword: password, newPassword: "a-brand-new-password" },
    });
    expect(response.statusCode).toBe(200);
    // The current session continues with the same token: no new cookie is issued.
    expect(sessionCookie(response)).toBeUndefined();
    expect((await me(laptop)).statusCode).toBe(200);
    for (const token of [phone, tablet]) {
      expect((await me(token)).statusCode).toBe(401);
      const write = await t.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { cookie: `torg_session=${token}` },
        payload: { theme: "dark" },
      });
      expect(write.statusCode).toBe(401);
    }
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(laptop ?? "")]);
    expect((await me(bystander)).statusCode).toBe(200);
  });

  it("a wrong current password ends nothing", async () => {
    const { agent, user, password } = await signUp(t.app);
    const owner: Actor = { name: "member", token: agent.cookie, user, password };
    const phone = await freshSession(t, owner);
    const response = await send(t, owner, {
      method: "POST",
      url: "/api/users/me/password",
      payload: { currentPassword: "not-my-password", newPassword: "a-brand-new-password" },
    });
    expect(response.statusCode).toBe(400);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  it("the stored token hash does not work as a cookie, and an oversized cookie is ignored", async () => {
    const token = await freshSession(t, seed.actors.member);
    expect((await me(hashToken(token))).statusCode).toBe(401);
    expect((await me(`${token}${"a".repeat(300)}`)).statusCode).toBe(401);
  });
});

describe("CSRF: cookie-authenticated writes from another site are refused", () => {
  /** Write routes with a valid body, and how to see that nothing changed. */
  const writes = (): {
    name: string;
    request: () => Promise<InjectOptions> | InjectOptions;
    unchanged?: () => Promise<void>;
  }[] => [
    {
      name: "PUT /api/stores/:id",
      request: () => ({ method: "PUT", url: `/api/stores/${seed.store.id}`, payload: { name: "Hijacked" } }),
      unchanged: async () => {
        const store = await send(t, seed.actors.member, {
          method: "GET",
          url: `/api/stores/${seed.store.id}`,
        });
        expect(store.json().name).not.toBe("Hijacked");
      },
    },
    {
      name: "POST /api/stores",
      request: () => ({
        method: "POST",
        url: "/api/stores",
        payload: { name: "Evil", slug: `evil-${randomUUID().slice(0, 8)}` },
      }),
    },
    {
      name: "DELETE /api/products/:id",
      request: () => ({ method: "DELETE", url: `/api/products/${seed.product.id}` }),
      unchanged: async () => {
        expect((await t.app.inject({ url: `/api/products/${seed.product.id}` })).statusCode).toBe(200);
      },
    },
    {
      name: "PUT /api/products/:id",
      request: () => ({
        method: "PUT",
        url: `/api/products/${seed.product.id}`,
        payload: { basePrice: "0" },
      }),
      unchanged: async () => {
        expect((await t.app.inject({ url: `/api/products/${seed.product.id}` })).json().basePrice).not.toBe(
          "0.00",
        );
      },
    },
    {
      name: "POST /api/stores/:id/products (multipart)",
      request: async () => ({
        method: "POST",
        url: `/api/stores/${seed.store.id}/products`,
        ...multipart({ title: "Evil", basePrice: "1" }, [
          { field: "image", filename: "a.jpg", body: await sampleJpeg(160, 120), type: "image/jpeg" },
        ]),
      }),
    },
    {
      name: "POST /api/stores/:id/payment-channels",
      request: () => ({
        method: "POST",
        url: `/api/stores/${seed.store.id}/payment-channels`,
        payload: {
          provider: "stripe",
          externalId: "acct_EvilEvil666",
          currentPassword: seed.actors.member.password,
        },
      }),
      unchanged: async () => {
        const channels = await send(t, seed.actors.member, {
          method: "GET",
          url: `/api/stores/${seed.store.id}/payment-channels`,
        });
        expect(channels.body).not.toContain("acct_EvilEvil666");
      },
    },
    {
      name: "PATCH /api/orders/:id/status",
      request: () => ({
        method: "PATCH",
        url: `/api/orders/${seed.order.id}/status`,
        payload: { status: "cancelled" },
      }),
      unchanged: async () => {
        const order = await send(t, seed.actors.member, {
          method: "GET",
          url: `/api/orders/${seed.order.id}`,
        });
        expect(order.json().status).not.toBe("cancelled");
      },
    },
    {
      name: "PATCH /api/qr-codes/:id",
      request: () => ({
        method: "PATCH",
        url: `/api/qr-codes/${seed.qr.id}`,
        payload: { url: "https://evil.example/" },
      }),
      unchanged: async () => {
        const scan = await t.app.inject({ url: `/q/${seed.qr.code}` });
        expect(scan.headers.location).not.toBe("https://evil.example/");
      },
    },
    {
      name: "PUT /api/users/:id",
      request: () => ({
        method: "PUT",
        url: `/api/users/${seed.actors.member.user?.id}`,
        payload: { fullName: "Evil", email: "evil@evil.example" },
      }),
    },
    {
      name: "POST /api/users/me/password",
      request: () => ({
        method: "POST",
        url: "/api/users/me/password",
        payload: { currentPassword: seed.actors.member.password, newPassword: "attacker-chosen" },
      }),
    },
    {
      name: "PUT /api/settings",
      request: () => ({ method: "PUT", url: "/api/settings", payload: { language: "da" } }),
    },
    { name: "POST /api/logout", request: () => ({ method: "POST", url: "/api/logout" }) },
    {
      name: "POST /api/login (login CSRF)",
      request: () => ({
        method: "POST",
        url: "/api/login",
        payload: { email: seed.actors.other.user?.email, password: seed.actors.other.password },
      }),
    },
    {
      name: "POST /api/orders",
      request: () => ({
        method: "POST",
        url: "/api/orders",
        payload: validOrder(seed.store.id, seed.product.id),
      }),
    },
  ];

  const FOREIGN: [string, Record<string, string>][] = [
    ["Origin: https://evil.example", { origin: "https://evil.example" }],
    ["Origin: null (sandboxed frame, data: URL)", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site without Origin (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
    ["an Origin that merely starts with PUBLIC_URL", { origin: `${PUBLIC_URL}.evil.example` }],
    ["an Origin with PUBLIC_URL as user info", { origin: "https://torg.example.no@evil.example" }],
    ["PUBLIC_URL's host over plain HTTP", { origin: "http://torg.example.no" }],
    ["PUBLIC_URL's host on another port", { origin: "https://torg.example.no:8443" }],
    [
      "a foreign Origin next to Sec-Fetch-Site: same-origin",
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
    ],
  ];

  it.each(FOREIGN)(
    "%s: every write route answers 403 and changes nothing",
    async (_, headers) => {
      const statuses: Record<string, number> = {};
      for (const write of writes()) {
        const options = await write.request();
        const response = await send(t, seed.actors.member, {
          ...options,
          headers: { ...((options.headers ?? {}) as Record<string, string>), ...headers },
        });
        statuses[write.name] = response.statusCode;
        if (response.statusCode === 403)
          expect(response.json()).toEqual({ message: "This request came from another site and was refused" });
        await write.unchanged?.();
      }
      expect(statuses).toEqual(Object.fromEntries(writes().map((write) => [write.name, 403])));
      expect((await me(seed.actors.member.token)).statusCode, "the member is still signed in").toBe(200);
    },
    60_000,
  );

  it.each([
    ["Origin: PUBLIC_URL", { origin: PUBLIC_URL }],
    ["Origin: the request's own origin", { origin: "http://localhost:80", host: "localhost:80" }],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed in the address bar)", { "sec-fetch-site": "none" }],
  ])("a control: %s is let through", async (_, headers) => {
    const response = await send(t, seed.actors.member, {
      method: "PUT",
      url: "/api/settings",
      headers,
      payload: { theme: "light" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("a GET from another site changes nothing it could not change anyway (reads only)", async () => {
    for (const url of [
      "/api/logout",
      "/api/notifications/seen",
      `/api/orders/${seed.order.id}/status?status=cancelled`,
    ]) {
      const response = await send(t, seed.actors.member, {
        method: "GET",
        url,
        headers: { origin: "https://evil.example" },
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await me(seed.actors.member.token)).statusCode).toBe(200);
  });
});

describe("login brute force", () => {
  /** A new client address per call (TEST-NET-3), so only the per-email counter is shared. */
  let nextAddress = 0;
  const address = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

  it("one client guessing across many emails is throttled per address (5 × LOGIN_MAX_ATTEMPTS), another address is not", async () => {
    const attacker = "198.51.100.77";
    const { user, password } = await signUp(t.app);
    const perClient = LOGIN_MAX_ATTEMPTS * 5;
    const statuses: number[] = [];
    for (let n = 0; n < perClient; n++) {
      const response = await login(t, `guess-${n}-${randomUUID().slice(0, 6)}@example.no`, "password123", {
        remoteAddress: attacker,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(perClient).fill(401));
    // Even a right password is refused from that address now; the account itself is not locked.
    const blocked = await login(t, user.email, password, { remoteAddress: attacker });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(sessionCookie(blocked)).toBeUndefined();
    expect((await login(t, user.email, password, { remoteAddress: "198.51.100.78" })).statusCode).toBe(200);
  }, 60_000);

  it("a successful login of the attacker's own account does not reset the per-address counter", async () => {
    const attacker = "198.51.100.90";
    const own = await signUp(t.app);
    const perClient = LOGIN_MAX_ATTEMPTS * 5;
    for (let n = 0; n < perClient - 1; n++) {
      await login(t, `spray-${n}-${randomUUID().slice(0, 6)}@example.no`, "password123", {
        remoteAddress: attacker,
      });
    }
    expect((await login(t, own.user.email, own.password, { remoteAddress: attacker })).statusCode).toBe(200);
    expect(
      (await login(t, "one-more@example.no", "password123", { remoteAddress: attacker })).statusCode,
    ).toBe(401);
    expect(
      (await login(t, "and-another@example.no", "password123", { remoteAddress: attacker })).statusCode,
    ).toBe(429);
  }, 60_000);

  it("one email guessed from many addresses (and in any letter case) is slowed per email, never locked", async () => {
    const { user, password } = await signUp(t.app);
    const variants = [user.email, user.email.toUpperCase(), ` ${user.email} `];
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS + 5; n++) {
      // Past the free attempts each guess waits its turn (the clock is moved on for it).
      if (n >= LOGIN_MAX_ATTEMPTS) await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      const response = await login(t, variants[n % variants.length] ?? user.email, `wrong-${n}-password`, {
        remoteAddress: address(),
      });
      expect(response.statusCode).toBe(401);
    }
    const slowed = await login(t, user.email, password, { remoteAddress: address() });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(slowed.headers["retry-after"]) * 1000).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
  }, 60_000);

  it("concurrent guesses cannot get more wrong passwords checked than the limits allow", async () => {
    const { user } = await signUp(t.app);
    const burst = 12;
    /** Sends `burst` wrong guesses at once; how many were checked against the password. */
    const checkedOf = async (from: () => string) => {
      const responses = await Promise.all(
        Array.from({ length: burst }, (_, n) =>
          login(t, user.email, `parallel-guess-${n}`, { remoteAddress: from() }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(
        statuses.every((status) => status === 401 || status === 429),
        statuses.join(","),
      ).toBe(true);
      return statuses.filter((status) => status === 401).length;
    };
    // From one address: its limit for this email.
    const one = "198.51.100.120";
    expect(await checkedOf(() => one)).toBe(LOGIN_MAX_ATTEMPTS);
    // From many addresses, once the email's free attempts are used up and its wait is long: one guess
    // per wait, however many arrive together.
    for (let n = 0; n < 6; n++) {
      await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      expect((await login(t, user.email, `patient-${n}`, { remoteAddress: address() })).statusCode).toBe(401);
    }
    await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
    expect(await checkedOf(address)).toBe(1);
  }, 60_000);

  it("sign-ups are throttled per client address", async () => {
    const client = "198.51.100.200";
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/register",
        remoteAddress: client,
        payload: {
          fullName: "Mass Signup",
          email: `mass-${n}-${randomUUID().slice(0, 6)}@example.no`,
          password: "a-strong-password",
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    expect(
      sessionCookieOf(
        await t.app.inject({
          method: "POST",
          url: "/api/register",
          remoteAddress: client,
          payload: {
            fullName: "Mass Signup",
            email: `mass-x-${randomUUID().slice(0, 6)}@example.no`,
            password: "a-strong-password",
          },
        }),
      ),
    ).toBeUndefined();
  }, 120_000);
});
