import { describe, expect, it } from "vitest";
import {
  backoffUntil,
  DEFAULT_TRACKING_INTERVAL_MS,
  FOLLOW_DAYS,
  JITTER,
  MAX_INTERVAL_MS,
  nextCheckAt,
  QUIET_FACTOR,
  STILL_FACTOR,
} from "./tracking-pace";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = new Date("2026-11-29T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const wait = (at: Date | null) => (at ? at.getTime() - now.getTime() : null);
const middle = () => 0.5;

describe("when a parcel is read next", () => {
  it("is one poll interval on, spread within the jitter either way", () => {
    const parcel = { state: "in_transit" as const, bookedAt: ago(HOUR), newestEventAt: ago(HOUR) };
    expect(wait(nextCheckAt(parcel, now, HOUR, middle))).toBe(HOUR);
    expect(wait(nextCheckAt(parcel, now, HOUR, () => 0))).toBe(HOUR * (1 - JITTER));
    expect(wait(nextCheckAt(parcel, now, HOUR, () => 1))).toBe(HOUR * (1 + JITTER));
  });

  it("takes an hour when the worker is off (tests run the pass)", () => {
    const parcel = { state: "booked" as const, bookedAt: ago(HOUR), newestEventAt: null };
    expect(wait(nextCheckAt(parcel, now, 0, middle))).toBe(DEFAULT_TRACKING_INTERVAL_MS);
  });

  it("is further apart for a parcel that sat still for days, at most a day apart", () => {
    const quiet = { state: "in_transit" as const, bookedAt: ago(4 * DAY), newestEventAt: ago(3 * DAY) };
    expect(wait(nextCheckAt(quiet, now, HOUR, middle))).toBe(QUIET_FACTOR * HOUR);
    const still = { state: "exception" as const, bookedAt: ago(10 * DAY), newestEventAt: ago(9 * DAY) };
    expect(wait(nextCheckAt(still, now, HOUR, middle))).toBe(STILL_FACTOR * HOUR);
    expect(wait(nextCheckAt(still, now, 6 * HOUR, middle))).toBe(MAX_INTERVAL_MS);
  });

  it("is never once delivered or returned, or long after it was booked", () => {
    for (const state of ["delivered", "returned"] as const) {
      expect(nextCheckAt({ state, bookedAt: ago(DAY), newestEventAt: ago(HOUR) }, now, HOUR)).toBeNull();
    }
    const forgotten = {
      state: "in_transit" as const,
      bookedAt: ago((FOLLOW_DAYS + 1) * DAY),
      newestEventAt: null,
    };
    expect(nextCheckAt(forgotten, now, HOUR)).toBeNull();
  });

  it("after a failure, is never sooner than asked", () => {
    expect(wait(backoffUntil(now, 120_000, () => 0))).toBe(120_000);
    expect(wait(backoffUntil(now, 120_000, () => 1))).toBe(120_000 * (1 + JITTER));
  });
});
