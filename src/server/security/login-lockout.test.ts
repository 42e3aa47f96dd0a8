/**
 * Attack: locking someone out by failing their logins. Logins used to be throttled per email alone, so
 * a few wrong passwords from anywhere locked the owner out for the whole window (15 minutes by default).
 * Now an address is limited per email it tries (and overall), and an email that many addresses fail on
 * is slowed, not locked: each further attempt waits a growing time, at most a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import { advanceThrottleClock, sessionCookieOf } from "./scenario";

const LOGIN_MAX_ATTEMPTS = 3;
/** The longest an attacker may make the owner wait for one attempt. */
const LOGIN_MAX_DELAY_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS) });
});
afterAll(() => t?.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });

let nextAddress = 0;
/** A new client address per call (TEST-NET-3), as an attacker with many machines would have. */
const anywhere = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

const retryAfterMs = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers["retry-after"]) * 1000;

describe("login lock-out by failing someone else's logins", () => {
  it("an attacker failing many times, from one address and then from many, cannot lock the owner out", async () => {
    const { user, password } = await signUp(t.app);
    const attacker = "198.51.100.10";
    const owner = "192.0.2.44";
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS; n++) {
      expect((await login(user.email, `guess-${n}`, attacker)).statusCode).toBe(401);
    }
    // The attacker's address is stopped for this email, even with the right password.
    const stopped = await login(user.email, password, attacker);
    expect(stopped.statusCode).toBe(429);
    expect(retryAfterMs(stopped)).toBeGreaterThan(LOGIN_MAX_DELAY_MS);

    // From many addresses, the attacker only gets to try at a growing pace (it waits its turn each time).
    for (let n = 0; n < 10; n++) {
      await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      expect((await login(user.email, `patient-guess-${n}`, anywhere())).statusCode).toBe(401);
    }

    // The owner is slowed by at most the longest wait, told so, and then gets in.
    const slowed = await login(user.email, password, owner);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many login attempts\./);
    expect(retryAfterMs(slowed)).toBeGreaterThan(0);
    expect(retryAfterMs(slowed)).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
    expect(sessionCookieOf(slowed)).toBeUndefined();
    await advanceThrottleClock(t, retryAfterMs(slowed));
    const signedIn = await login(user.email, password, owner);
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeDefined();

    // The owner's success does not let the attacker's address back in.
    expect((await login(user.email, password, attacker)).statusCode).toBe(429);
  }, 120_000);

  it("the wait doubles with each attempt and never exceeds the longest wait", async () => {
    const { user } = await signUp(t.app);
    // The free attempts, then two waited for (1 s, 2 s): a test cannot rely on answering within a second
    // on a busy machine, so the waits are read from the third on.
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS + 2; n++) {
      await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      expect((await login(user.email, `guess-${n}`, anywhere())).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let n = 0; n < 7; n++) {
      const refused = await login(user.email, `early-${n}`, anywhere());
      expect(refused.statusCode).toBe(429);
      waits.push(retryAfterMs(refused));
      await advanceThrottleClock(t, retryAfterMs(refused));
      expect((await login(user.email, `guess-after-wait-${n}`, anywhere())).statusCode).toBe(401);
    }
    // Retry-After is in whole seconds and counts down while the test runs: each wait is read within a
    // second or two of its start.
    const expected = [4000, 8000, 16_000, 32_000, LOGIN_MAX_DELAY_MS, LOGIN_MAX_DELAY_MS, LOGIN_MAX_DELAY_MS];
    const close = waits.map((wait, n) => wait <= (expected[n] ?? 0) && wait > (expected[n] ?? 0) - 2000);
    expect(close, `waits ${waits.join(", ")} ms`).toEqual(expected.map(() => true));
  }, 120_000);

  it("waiting for the email's turn does not use up the owner's own attempts", async () => {
    const { user, password } = await signUp(t.app);
    const owner = "192.0.2.45";
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS + 6; n++) {
      await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      await login(user.email, `guess-${n}`, anywhere());
    }
    let last = await login(user.email, password, owner);
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS * 2; n++) {
      expect(last.statusCode).toBe(429);
      last = await login(user.email, password, owner);
    }
    await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
    expect((await login(user.email, password, owner)).statusCode).toBe(200);
  }, 120_000);

  it("a run of failures is forgotten after a quiet window", async () => {
    const { user, password } = await signUp(t.app);
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS + 6; n++) {
      await advanceThrottleClock(t, LOGIN_MAX_DELAY_MS);
      await login(user.email, `guess-${n}`, anywhere());
    }
    expect((await login(user.email, password, anywhere())).statusCode).toBe(429);
    await advanceThrottleClock(t, t.config.loginWindowMs + LOGIN_MAX_DELAY_MS);
    // A fresh run: the free attempts are back, so a mistyped password does not make the owner wait.
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS - 1; n++) {
      expect((await login(user.email, `typo-${n}`, anywhere())).statusCode).toBe(401);
    }
    expect((await login(user.email, password, anywhere())).statusCode).toBe(200);
  }, 120_000);
});
