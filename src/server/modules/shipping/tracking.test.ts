import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shipments } from "../../db/schema";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { createTestApp, type TestApp } from "../../test/harness";
import { runTrackingPass, type TrackingContext } from "./tracking";
import {
  JITTER,
  QUIET_FACTOR,
  RATE_LIMIT_BACKOFF_MS,
  UNAUTHORIZED_BACKOFF_MS,
  UNAVAILABLE_BACKOFF_MS,
} from "./tracking-pace";
import { bookedOrder, bringStore, shipmentRow } from "./tracking-testing";

const HOUR = 60 * 60 * 1000;
const POLL = HOUR;

let fake: FakeBring;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
  t = await createTestApp({ BRING_API_URL: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  // Each test reads only its own parcels: the ones before it are no longer due.
  await t.database.db.update(shipments).set({ nextCheckAt: null });
});

const context = (overrides: Partial<TrackingContext> = {}): TrackingContext => ({
  db: t.database.db,
  carriers: t.app.carriers,
  payments: t.app.payments,
  log: t.app.log,
  pollMs: POLL,
  ...overrides,
});
const trackingCalls = () => fake.requests.filter((request) => request.path.startsWith("/tracking/")).length;

describe("a tracking pass", () => {
  it("writes the state and the events, newest first, and when it was read", async () => {
    const { store, mug } = await bringStore(t);
    const { shipment, trackingNumber } = await bookedOrder(t, store, mug.id);
    fake.setTrackingState(trackingNumber, "ready_for_pickup");
    const now = new Date();
    const result = await runTrackingPass(context(), now);
    expect(result).toMatchObject({ claimed: 1, read: 1, delivered: 0, backedOff: 0, stopped: false });
    const row = await shipmentRow(t, shipment.id);
    expect(row.state).toBe("ready_for_pickup");
    expect(row.checkedAt?.getTime()).toBe(now.getTime());
    expect(row.lockedUntil).toBeNull();
    expect(row.events.map((event) => event.state)).toEqual(["ready_for_pickup", "in_transit", "booked"]);
    const times = row.events.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(row.events[0]?.description).toBeTruthy();
  });

  it("spreads the next reads within the jitter of the poll interval, not all at one moment", async () => {
    const { store, mug } = await bringStore(t);
    const booked = [];
    for (let i = 0; i < 4; i++) booked.push(await bookedOrder(t, store, mug.id));
    const now = new Date();
    await runTrackingPass(context(), now);
    const rows = await t.database.db
      .select()
      .from(shipments)
      .where(
        inArray(
          shipments.id,
          booked.map((entry) => entry.shipment.id),
        ),
      );
    const waits = rows.map((row) => (row.nextCheckAt?.getTime() ?? 0) - now.getTime());
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(POLL * (1 - JITTER));
      expect(wait).toBeLessThanOrEqual(POLL * (1 + JITTER));
    }
    expect(new Set(waits).size).toBeGreaterThan(1);
    // At the extremes of the jitter: exactly the bounds.
    await t.database.db
      .update(shipments)
      .set({ nextCheckAt: now })
      .where(eq(shipments.id, rows[0]?.id ?? ""));
    await runTrackingPass(context({ random: () => 0 }), now);
    const low = await shipmentRow(t, rows[0]?.id ?? "");
    expect(low.nextCheckAt?.getTime()).toBe(now.getTime() + POLL * (1 - JITTER));
  });

  it("reads a parcel that sat still for days less often", async () => {
    const { store, mug } = await bringStore(t);
    const { shipment, trackingNumber } = await bookedOrder(t, store, mug.id);
    fake.setTrackingState(trackingNumber, "in_transit");
    // Three days on, the newest event is three days old.
    const later = new Date(Date.now() + 3 * 24 * HOUR);
    await runTrackingPass(context({ random: () => 0.5 }), later);
    const row = await shipmentRow(t, shipment.id);
    expect(row.nextCheckAt?.getTime()).toBe(later.getTime() + QUIET_FACTOR * POLL);
  });

  it("stops reading a delivered parcel and keeps when it was delivered", async () => {
    const { store, mug } = await bringStore(t);
    const { shipment, trackingNumber } = await bookedOrder(t, store, mug.id);
    fake.setTrackingState(trackingNumber, "delivered");
    const result = await runTrackingPass(context());
    expect(result).toMatchObject({ read: 1, delivered: 1 });
    const row = await shipmentRow(t, shipment.id);
    expect(row).toMatchObject({ state: "delivered", nextCheckAt: null });
    expect(row.deliveredAt?.toISOString()).toBe(row.events[0]?.at);
    const calls = trackingCalls();
    expect(await runTrackingPass(context(), new Date(Date.now() + 30 * 24 * HOUR))).toMatchObject({
      claimed: 0,
    });
    expect(trackingCalls()).toBe(calls);
  });

  it("never lets two passes claim the same shipment, and leaves one leased elsewhere alone", async () => {
    const { store, mug } = await bringStore(t);
    const parcels = [];
    for (let i = 0; i < 3; i++) parcels.push(await bookedOrder(t, store, mug.id));
    const leased = await bookedOrder(t, store, mug.id);
    await t.database.db
      .update(shipments)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(shipments.id, leased.shipment.id));
    const [first, second] = await Promise.all([runTrackingPass(context()), runTrackingPass(context())]);
    expect((first?.claimed ?? 0) + (second?.claimed ?? 0)).toBe(3);
    const asked = fake.requests
      .filter((request) => request.path.startsWith("/tracking/"))
      .map((r) => r.query.q);
    expect(asked.sort()).toEqual(parcels.map((parcel) => parcel.trackingNumber).sort());
    expect((await shipmentRow(t, leased.shipment.id)).checkedAt).toBeNull();
  });

  it("claims no more than its batch; the rest stay due for the next pass", async () => {
    const { store, mug } = await bringStore(t);
    for (let i = 0; i < 5; i++) await bookedOrder(t, store, mug.id);
    expect(await runTrackingPass(context({ batch: 3 }))).toMatchObject({ claimed: 3, read: 3 });
    expect(trackingCalls()).toBe(3);
    expect(await runTrackingPass(context({ batch: 3 }))).toMatchObject({ claimed: 2, read: 2 });
  });
});

describe("when Bring says no", () => {
  it("on a 429 pushes the store's parcels back by Retry-After and calls Bring no more in the pass", async () => {
    const first = await bringStore(t);
    const slowed = await bookedOrder(t, first.store, first.mug.id, { dueAt: new Date(Date.now() - 60_000) });
    const other = await bringStore(t);
    const waiting = await bookedOrder(t, other.store, other.mug.id);
    fake.rateLimitNext(1, 120);
    const now = new Date();
    const result = await runTrackingPass(context(), now);
    expect(result).toMatchObject({ claimed: 2, read: 0, backedOff: 1, stopped: true });
    expect(trackingCalls()).toBe(1);
    const pushed = await shipmentRow(t, slowed.shipment.id);
    expect(pushed.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(now.getTime() + 120_000);
    expect(pushed.nextCheckAt?.getTime()).toBeLessThanOrEqual(now.getTime() + 120_000 * (1 + JITTER));
    expect(pushed.lockedUntil).toBeNull();
    // The other store's parcel was not read and is still due, for the next pass.
    const untouched = await shipmentRow(t, waiting.shipment.id);
    expect(untouched).toMatchObject({ checkedAt: null, lockedUntil: null });
    expect(untouched.nextCheckAt?.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(RATE_LIMIT_BACKOFF_MS).toBeGreaterThan(0);
  });

  it("backs off when Bring is down, and reads again once it is back", async () => {
    const { store, mug } = await bringStore(t);
    const { shipment } = await bookedOrder(t, store, mug.id);
    await bookedOrder(t, store, mug.id);
    fake.setDown(true);
    const now = new Date();
    const result = await runTrackingPass(context(), now);
    expect(result).toMatchObject({ read: 0, backedOff: 2, stopped: true });
    const row = await shipmentRow(t, shipment.id);
    expect(row.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(now.getTime() + UNAVAILABLE_BACKOFF_MS);
    expect(row.state).toBe("booked");
    fake.setDown(false);
    const later = new Date(now.getTime() + 2 * UNAVAILABLE_BACKOFF_MS);
    expect(await runTrackingPass(context(), later)).toMatchObject({ read: 2, stopped: false });
  });

  it("backs a store off long when Bring refuses its key, and still reads the other stores", async () => {
    const refused = await bringStore(t, { apiKey: "a-key-the-seller-changed" });
    const stale = await bookedOrder(t, refused.store, refused.mug.id, {
      dueAt: new Date(Date.now() - 60_000),
    });
    const fine = await bringStore(t);
    const read = await bookedOrder(t, fine.store, fine.mug.id);
    const now = new Date();
    expect(await runTrackingPass(context(), now)).toMatchObject({ read: 1, backedOff: 1, stopped: false });
    const row = await shipmentRow(t, stale.shipment.id);
    expect(row.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(now.getTime() + UNAUTHORIZED_BACKOFF_MS);
    expect((await shipmentRow(t, read.shipment.id)).checkedAt).not.toBeNull();
  });
});
