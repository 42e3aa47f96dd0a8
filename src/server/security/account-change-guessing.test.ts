/**
 * Attack: guessing the password, or probing for accounts, through a signed-in session. A password
 * change checked the current password without any limit, and an email change needed no password and
 * answered 409 for every address that has an account. Both now need the current password and count
 * their attempts per account and per client address (a success gives its attempt back): past the limit,
 * 429 with Retry-After, even for the right password.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, createTestApp, type TestApp } from "../test/harness";

const LOGIN_MAX_ATTEMPTS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS) });
});
afterAll(() => t?.close());

let nextAddress = 0;
const freshAddress = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

/** A new account, signed up from an address of its own (sign-ups are limited per address too). */
async function account() {
  const agent = new Agent(t.app);
  const password = "a-strong-password";
  const response = await agent.request({
    method: "POST",
    url: "/api/register",
    remoteAddress: freshAddress(),
    payload: { fullName: "Account Holder", email: `holder-${randomUUID().slice(0, 8)}@example.no`, password },
  });
  expect(response.statusCode).toBe(201);
  const { user } = response.json() as { user: { id: string; email: string; fullName: string } };
  return { agent, user, password };
}

const changePassword = (agent: Agent, currentPassword: string, remoteAddress: string) =>
  agent.request({
    method: "POST",
    url: "/api/users/me/password",
    remoteAddress,
    payload: { currentPassword, newPassword: `new-${randomUUID()}` },
  });

const changeEmail = (
  agent: Agent,
  user: { id: string; fullName: string },
  email: string,
  currentPassword: string,
  remoteAddress: string,
) =>
  agent.request({
    method: "PUT",
    url: `/api/users/${user.id}`,
    remoteAddress,
    payload: { fullName: user.fullName, email, currentPassword },
  });

function expectThrottled(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    message: expect.stringMatching(
      /^Too many attempts to change your account\. Please try again in \d+ minutes\.$/,
    ),
  });
}

describe("password guessing through a session", () => {
  it("wrong current passwords on a password change are limited per account, then even the right one waits", async () => {
    const { agent, password } = await account();
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS; n++) {
      // A new address each time: the account's own limit is what stops this.
      const wrong = await changePassword(agent, `guess-${n}`, freshAddress());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("The current password is incorrect");
    }
    expectThrottled(await changePassword(agent, password, freshAddress()));
  });

  it("one client address guessing through many sessions is limited too", async () => {
    const client = "198.51.100.66";
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS * 5; n++) {
      const { agent } = await account();
      expect((await changePassword(agent, `guess-${n}`, client)).statusCode).toBe(400);
    }
    const { agent, password } = await account();
    expectThrottled(await changePassword(agent, password, client));
    expect((await changePassword(agent, password, freshAddress())).statusCode).toBe(200);
  }, 60_000);

  it("wrong current passwords on an email change count as well", async () => {
    const { agent, user, password } = await account();
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS; n++) {
      const wrong = await changeEmail(agent, user, `new-${n}-${user.email}`, `guess-${n}`, freshAddress());
      expect(wrong.statusCode).toBe(400);
    }
    expectThrottled(await changeEmail(agent, user, `new-${user.email}`, password, freshAddress()));
    expectThrottled(await changePassword(agent, password, freshAddress()));
  });

  it("a successful change gives its attempt back: an owner changing things often is never stopped", async () => {
    const signedUp = await account();
    const { agent, user } = signedUp;
    let password = signedUp.password;
    const client = freshAddress();
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS * 2; n++) {
      const newPassword = `changed-${n}-password`;
      const changed = await agent.request({
        method: "POST",
        url: "/api/users/me/password",
        remoteAddress: client,
        payload: { currentPassword: password, newPassword },
      });
      expect(changed.statusCode).toBe(200);
      password = newPassword;
      expect((await changeEmail(agent, user, `n${n}-${user.email}`, password, client)).statusCode).toBe(200);
    }
  });
});

describe("probing which addresses have accounts through an email change", () => {
  it("needs the current password: a session alone learns nothing", async () => {
    const { user: existing } = await account();
    const { agent, user } = await account();
    const probe = await agent.put(`/api/users/${user.id}`, {
      fullName: user.fullName,
      email: existing.email,
    });
    expect(probe.statusCode).toBe(400);
    expect(probe.json().message).toBe("Enter your current password to change your email");
  });

  it("is throttled even with the password: past the limit, taken and free addresses get the same 429", async () => {
    const taken = await Promise.all(Array.from({ length: LOGIN_MAX_ATTEMPTS }, () => account()));
    const { agent, user, password } = await account();
    for (const { user: other } of taken) {
      expect((await changeEmail(agent, user, other.email, password, freshAddress())).statusCode).toBe(409);
    }
    const { user: alsoTaken } = await account();
    expectThrottled(await changeEmail(agent, user, alsoTaken.email, password, freshAddress()));
    expectThrottled(await changeEmail(agent, user, `free-${user.email}`, password, freshAddress()));
  });
});
