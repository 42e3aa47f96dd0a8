import { IntervalWorker } from "../../lib/interval-worker";
import { runTrackingPass, type TrackingContext } from "./tracking";

/**
 * Reads booked parcels' tracking on a timer (decision 0079), like the payment worker: one pass every
 * BRING_TRACKING_POLL_MINUTES, never two at once on this server (the lease shares the work between
 * servers). 0 minutes: it never runs by itself; tests call run().
 */
export class TrackingWorker extends IntervalWorker<Awaited<ReturnType<typeof runTrackingPass>>> {
  constructor(ctx: TrackingContext) {
    super({
      name: "tracking",
      intervalMs: ctx.pollMs,
      log: ctx.log,
      pass: (now) => runTrackingPass(ctx, now),
    });
  }
}
