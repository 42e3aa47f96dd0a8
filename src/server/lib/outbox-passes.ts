import type { FastifyBaseLogger } from "fastify";

/** How long a wake-up waits for more messages to share its pass. */
const WAKE_DELAY_MS = 50;

/** What one outbox (e-mail, SMS) does with a batch: claim its due rows, try each, record the sent ones. */
export interface OutboxBatch<Row, Sent> {
  /** Reserves up to `batchSize` due rows for this worker. */
  claim(): Promise<Row[]>;
  /** Tries one row; what to record when it was sent (or failed for good), undefined when it waits. */
  attempt(row: Row): Promise<Sent | undefined>;
  recordSent(sent: Sent[]): Promise<void>;
}

export interface OutboxPassOptions {
  batchSize: number;
  pollMs: number;
  logger: Pick<FastifyBaseLogger, "warn">;
  /** Logged when a pass fails ("E-mail outbox pass failed; will retry"). */
  failureMessage: string;
}

/**
 * When an outbox works, the same for every outbox (decision 0046): a pass now and then, and soon after a
 * wake-up; wake-ups close together share one pass, one asked for during a pass runs after it, and a pass
 * goes on while its claims come back full.
 */
export class OutboxPasses<Row, Sent> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private again = false;

  constructor(
    private readonly batch: OutboxBatch<Row, Sent>,
    private readonly options: OutboxPassOptions,
  ) {}

  start() {
    this.timer ??= setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops the passes and waits for the one under way. */
  async stop() {
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /**
   * Asks for a pass soon (after an order, a fulfilment, a withdrawal). Calls within a short window share
   * one pass, so a busy shop sends its messages in batches instead of one database round trip each.
   */
  wake() {
    if (this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.runPass();
    }, WAKE_DELAY_MS);
    this.scheduled.unref();
  }

  private runPass() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, this.options.failureMessage);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        // Asked for during the pass: the next one waits for WAKE_DELAY_MS too, gathering a batch.
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Processes due messages until a claim finds fewer than a batch; returns how many attempts were made.
   * A batch that is not full took every message due when it was claimed: the ones queued since then woke
   * the worker, and wait for its next pass to go in one batch with those that follow them, rather than
   * each claim under load taking the few that arrived during the last.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.batch.claim();
      if (claimed.length === 0) return total;
      const sent = await Promise.all(claimed.map((row) => this.batch.attempt(row)));
      await this.batch.recordSent(sent.filter((entry) => entry !== undefined));
      total += claimed.length;
      if (claimed.length < this.options.batchSize) return total;
    }
  }
}
