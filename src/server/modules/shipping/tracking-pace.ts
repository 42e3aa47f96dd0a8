import type { TrackingState } from "../../../shared/shipping";

/**
 * When the tracking worker reads a parcel next (decision 0079). Bring's Tracking API page says its
 * rate limits are "less strict" for authenticated requests without giving a number, and points to the
 * Event Cast API as the way "to be told when something happens instead of polling the current status":
 * so Torg polls sparingly. Each read is due one poll interval after the last, spread by a jitter so the
 * parcels booked in one busy hour do not all fall due together, further apart for a parcel that has sat
 * still for days, and never again once it is delivered or returned (or after FOLLOW_DAYS).
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The interval when the worker is off (BRING_TRACKING_POLL_MINUTES=0: tests run the pass themselves). */
export const DEFAULT_TRACKING_INTERVAL_MS = HOUR_MS;
/** Each next read lands within ±JITTER of its interval. */
export const JITTER = 0.25;
/** A parcel whose newest event is older than this is read QUIET_FACTOR times less often... */
export const QUIET_AFTER_MS = 2 * DAY_MS;
export const QUIET_FACTOR = 4;
/** ...and one older than this STILL_FACTOR times less often. */
export const STILL_AFTER_MS = 7 * DAY_MS;
export const STILL_FACTOR = 12;
/** No read is further apart than a day; a parcel booked this long ago is no longer followed. */
export const MAX_INTERVAL_MS = DAY_MS;
export const FOLLOW_DAYS = 60;

/** Bring asked Torg to slow down and did not say for how long (no Retry-After). */
export const RATE_LIMIT_BACKOFF_MS = 15 * 60 * 1000;
/** Bring did not answer or answered 5xx: try again in a while, not at the next tick. */
export const UNAVAILABLE_BACKOFF_MS = 30 * 60 * 1000;
/** The seller's key was refused (they changed it in Mybring): wait for them to save the new one. */
export const UNAUTHORIZED_BACKOFF_MS = 12 * HOUR_MS;

export const isFinalState = (state: TrackingState) => state === "delivered" || state === "returned";

/** `base` spread uniformly within ±JITTER; `random` is Math.random unless a test fixes it. */
export function withJitter(base: number, random: () => number = Math.random): number {
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * The next read after one at `now`: null for a parcel delivered or returned, or booked more than
 * FOLLOW_DAYS ago; else the poll interval (times the quiet factor) with jitter.
 */
export function nextCheckAt(
  input: { state: TrackingState; bookedAt: Date; newestEventAt: Date | null },
  now: Date,
  pollMs: number,
  random: () => number = Math.random,
): Date | null {
  if (isFinalState(input.state)) return null;
  if (now.getTime() - input.bookedAt.getTime() > FOLLOW_DAYS * DAY_MS) return null;
  const base = pollMs > 0 ? pollMs : DEFAULT_TRACKING_INTERVAL_MS;
  const stillFor = now.getTime() - (input.newestEventAt ?? input.bookedAt).getTime();
  const factor = stillFor > STILL_AFTER_MS ? STILL_FACTOR : stillFor > QUIET_AFTER_MS ? QUIET_FACTOR : 1;
  return new Date(now.getTime() + withJitter(Math.min(base * factor, MAX_INTERVAL_MS), random));
}

/**
 * A backoff after a failed read: never sooner than `ms` (Bring's Retry-After is a floor), spread up to
 * JITTER beyond it so a store's parcels come back one by one.
 */
export function backoffUntil(now: Date, ms: number, random: () => number = Math.random): Date {
  return new Date(now.getTime() + Math.round(ms * (1 + JITTER * random())));
}
