import type { FastifyBaseLogger } from "fastify";
import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { type HousekeepingResult, type Retention, runHousekeeping } from "./service";

/**
 * Runs housekeeping once when the app is ready and then every interval. Every app server may run one:
 * each task is a delete of what is past its time, so two servers overlapping delete nothing twice that
 * matters (a row or file already gone is simply gone). A pass that fails is logged and tried again at
 * the next interval. Tests call run() directly instead.
 */
export class HousekeepingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<HousekeepingResult | undefined> | undefined;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly options: {
      intervalMs: number;
      retention: Retention;
      logger: Pick<FastifyBaseLogger, "info" | "warn">;
    },
  ) {}

  start() {
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.pass(), this.options.intervalMs);
    this.timer.unref();
    void this.pass();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass now (`now` moves the cut-offs: tests). */
  run(now?: Date): Promise<HousekeepingResult> {
    return runHousekeeping(this.db, this.storage, this.options.retention, now);
  }

  private pass() {
    // A pass still running when the next is due (a slow storage listing) is left to finish alone.
    this.running ??= this.run()
      .then((result) => {
        if (result.uploads > 0 || result.brandFiles > 0 || result.anonymisedOrders > 0) {
          this.options.logger.info(
            result,
            "housekeeping deleted unclaimed uploads or brand files, or erased old buyer details",
          );
        }
        return result;
      })
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, "housekeeping pass failed; will retry at the next interval");
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
