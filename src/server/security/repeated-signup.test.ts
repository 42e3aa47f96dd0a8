/**
 * Issue item 7: a double click on "Create account" sent the sign-up twice; the first made the account,
 * the second got 409 and the page waited forever. A sign-up repeated within a minute of the account's
 * creation, with its email and its password, now signs in as the first did (decision 0061). It must
 * not become a way in to anyone else's account, nor an unthrottled way to guess passwords: a wrong
 * password, or an account older than the window, is the usual 409, and the password check is a login's,
 * counted by the login throttle.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, createTestApp, type TestApp } from "../test/harness";

const LOGIN_MAX_ATTEMPTS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
    SIGNUPS_PER_IP_PER_HOUR: "1000",
  });
});
afterAll(() => t?.close());

const newSignup = () => ({
  fullName: "Ada Keramikk",
  email: `ada-${randomUUID().slice(0, 8)}@example.no`,
  password: "a-strong-password",
});

async function me(agent: Agent) {
  const response = await agent.get("/api/me");
  return response.statusCode === 200 ? (response.json() as { user: { id: string } }).user.id : undefined;
}

const accounts = async (email: string) =>
  Number(
    (
      await t.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from users where lower(email) = lower(${email})`,
      )
    ).rows[0]?.count,
  );

describe("issue item 7: the same sign-up sent twice (a double click on Create account)", () => {
  it("sent at once: both answer 201 and sign in as the one new account", async () => {
    const body = newSignup();
    const first = new Agent(t.app);
    const second = new Agent(t.app);
    const answers = await Promise.all([
      first.post("/api/register", body),
      second.post("/api/register", body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = answers.map((answer) => (answer.json() as { user: { id: string } }).user.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await me(first)).toBe(ids[0]);
    expect(await me(second)).toBe(ids[0]);
    expect(await accounts(body.email)).toBe(1);
  });

  it("sent again right after, with the email in other capitals: signed in as the account just made", async () => {
    const body = newSignup();
    const first = new Agent(t.app);
    const made = await first.post("/api/register", body);
    expect(made.statusCode).toBe(201);
    const again = new Agent(t.app);
    const repeated = await again.post("/api/register", { ...body, email: body.email.toUpperCase() });
    expect(repeated.statusCode, repeated.body).toBe(201);
    expect(await me(again)).toBe((made.json() as { user: { id: string } }).user.id);
  });

  it("another password is the usual 409, and signs nothing in", async () => {
    const body = newSignup();
    expect((await new Agent(t.app).post("/api/register", body)).statusCode).toBe(201);
    const stranger = new Agent(t.app);
    const refused = await stranger.post("/api/register", { ...body, password: "another-password" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "An account with this email already exists" });
    expect(refused.cookies.find((cookie) => cookie.name === "torg_session")?.value ?? "").toBe("");
    expect(await me(stranger)).toBeUndefined();
  });

  it("an account made longer ago is the usual 409, even with its password", async () => {
    const body = newSignup();
    expect((await new Agent(t.app).post("/api/register", body)).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update users set created_at = now() - interval '2 minutes' where lower(email) = lower(${body.email})`,
    );
    const late = new Agent(t.app);
    expect((await late.post("/api/register", body)).statusCode).toBe(409);
    expect(await me(late)).toBeUndefined();
  });

  it("guessing a new account's password this way is throttled as logins are", async () => {
    const body = newSignup();
    expect((await new Agent(t.app).post("/api/register", body)).statusCode).toBe(201);
    const guesser = new Agent(t.app);
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS; n++) {
      expect(
        (await guesser.post("/api/register", { ...body, password: `guess-${n}-password` })).statusCode,
      ).toBe(409);
    }
    // The attempts are used up for this address and email: the right password is refused too.
    expect((await guesser.post("/api/register", body)).statusCode).toBe(429);
    expect(
      (await guesser.post("/api/login", { email: body.email, password: body.password })).statusCode,
    ).toBe(429);
    expect(await me(guesser)).toBeUndefined();
  });
});
