import { describe, expect, it } from "vitest";
import { failedAttempt, failureReason, MAX_BACKOFF_MS } from "./outbox-retry";

const policy = { maxAttempts: 5, retryBaseMs: 1000 };
const now = Date.UTC(2026, 10, 29, 12);

describe("failedAttempt", () => {
  it("waits the base delay after the first attempt, twice that after the second", () => {
    expect(failedAttempt(1, policy, "down", now).row.nextAttemptAt.getTime() - now).toBe(1000);
    expect(failedAttempt(2, policy, "down", now).row.nextAttemptAt.getTime() - now).toBe(2000);
    expect(failedAttempt(4, policy, "down", now).row).toEqual({
      status: "pending",
      lastError: "down",
      lockedUntil: null,
      nextAttemptAt: new Date(now + 8000),
    });
  });

  it("never waits longer than MAX_BACKOFF_MS", () => {
    const slow = { maxAttempts: 30, retryBaseMs: 60_000 };
    expect(failedAttempt(20, slow, "down", now).row.nextAttemptAt.getTime() - now).toBe(MAX_BACKOFF_MS);
  });

  it("fails the message for good at the last attempt", () => {
    expect(failedAttempt(4, policy, "down", now).finalAttempt).toBe(false);
    const last = failedAttempt(5, policy, "down", now);
    expect(last.finalAttempt).toBe(true);
    expect(last.row.status).toBe("failed");
  });
});

describe("failureReason", () => {
  it("keeps an error's message, at most 500 characters", () => {
    expect(failureReason(new Error("refused"))).toBe("refused");
    expect(failureReason("plain")).toBe("plain");
    expect(failureReason(new Error("x".repeat(600)))).toHaveLength(500);
  });
});
