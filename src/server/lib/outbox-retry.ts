/** A failed message waits at most this long for its next attempt, however many attempts it has had. */
export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** How an outbox (e-mail, SMS) retries a message that failed: its configured attempts and first delay. */
export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

/**
 * What a failed attempt does to its outbox row, the same for every outbox (decisions 0008, 0037): after
 * the last attempt the message is `failed` for good; before it, it waits for its next attempt with
 * exponential backoff (retryBaseMs, twice that, ... up to MAX_BACKOFF_MS), unreserved.
 */
export function failedAttempt(attempts: number, policy: RetryPolicy, lastError: string, now = Date.now()) {
  const finalAttempt = attempts >= policy.maxAttempts;
  const delay = Math.min(MAX_BACKOFF_MS, policy.retryBaseMs * 2 ** (attempts - 1));
  return {
    finalAttempt,
    row: {
      status: finalAttempt ? ("failed" as const) : ("pending" as const),
      lastError,
      lockedUntil: null,
      nextAttemptAt: new Date(now + delay),
    },
  };
}

/** A failure's reason as an outbox row and log keep it. */
export const failureReason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);
