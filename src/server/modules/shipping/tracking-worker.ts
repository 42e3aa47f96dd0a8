import { runTrackingPass, type TrackingContext } from "./tracking";

/**
 * Reads booked parcels' tracking on a timer (decision 0079), like the payment worker: one pass every
 * BRING_TRACKING_POLL_MINUTES, never two at once on this server (the lease shares the work between
 * servers). 0 minutes: it never runs by itself; tests call run().
 */
export class TrackingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly ctx: TrackingContext) {}

  start() {
    if (this.timer || this.ctx.pollMs <= 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.run()
        .catch((error: unknown) => this.ctx.log.warn({ err: error }, "tracking pass failed; will retry"))
        .finally(() => {
          this.running = undefined;
        });
    }, this.ctx.pollMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  run(now?: Date) {
    return runTrackingPass(this.ctx, now);
  }
}
