/**
 * A pass of background work run on a timer (the payment, tracking and domain checks): one pass every
 * `intervalMs`, never two at once on this server (each pass leases its rows, so servers share the
 * work). 0 ms: it never runs by itself; tests call run(). A failed pass is logged and tried again at the
 * next tick.
 */
export class IntervalWorker<Result> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly options: {
      /** Named in the log line of a failed pass ("payment pass failed"). */
      name: string;
      intervalMs: number;
      log: { warn(details: object, message: string): void };
      pass: (now?: Date) => Promise<Result>;
    },
  ) {}

  start() {
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.run()
        .catch((error: unknown) =>
          this.options.log.warn({ err: error }, `${this.options.name} pass failed; will retry`),
        )
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  run(now?: Date): Promise<Result> {
    return this.options.pass(now);
  }
}
