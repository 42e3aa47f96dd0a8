/**
 * Attack: racing for one address. Several accounts changing their email to the same address at the same
 * moment all passed the "is it taken?" check, and all but one then hit the unique index on PostgreSQL:
 * a 500. The index's refusal is now the same 409 "email in use" the check gives; sign-ups of one address
 * at the same moment are checked the same way.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../db/schema";
import { createTestApp, signUp, type TestApp } from "../test/harness";

const RACERS = 8;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe("concurrent claims of one address", () => {
  it("accounts moving to the same address at once: one succeeds, the others get 409, none a 500", async () => {
    // A new address is the account's once the link sent to it is opened (decision 0065), and a mailbox
    // is sent at most three links an hour: three accounts ask, then open their links at the same moment.
    const racers = await Promise.all(Array.from({ length: 3 }, () => signUp(t.app)));
    const target = `wanted-${randomUUID().slice(0, 8)}@example.no`;
    for (const [n, { agent, user, password }] of racers.entries()) {
      const asked = await agent.request({
        method: "PUT",
        url: `/api/users/${user.id}`,
        remoteAddress: `198.51.100.${n + 1}`,
        payload: { fullName: user.fullName, email: target, currentPassword: password },
      });
      expect(asked.statusCode).toBe(200);
    }
    const links = await t.database.db
      .select({ params: emailOutbox.params })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, target), eq(emailOutbox.purpose, "email_verification")));
    expect(links).toHaveLength(3);
    const responses = await Promise.all(
      links.map(({ params }) =>
        t.app.inject({
          method: "POST",
          url: "/api/email-verification/confirm",
          payload: { token: String(params?.token) },
        }),
      ),
    );
    expect(tally(responses.map((response) => response.statusCode))).toEqual({ 200: 1, 409: 2 });
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe("An account with this email already exists");
    }
  }, 60_000);

  it("sign-ups of the same address at once: one succeeds, the others get 409, none a 500", async () => {
    const target = `signup-${randomUUID().slice(0, 8)}@example.no`;
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        t.app.inject({
          method: "POST",
          url: "/api/register",
          remoteAddress: `192.0.2.${n + 1}`,
          payload: {
            fullName: `Racer ${n}`,
            email: n % 2 ? target.toUpperCase() : target,
            // Each racer its own password: the same sign-up repeated with the new account's own password
            // signs in (decision 0061), which is not a second claim of the address.
            password: `longenough-${n}`,
          },
        }),
      ),
    );
    expect(tally(responses.map((response) => response.statusCode))).toEqual({ 201: 1, 409: RACERS - 1 });
  }, 60_000);
});
