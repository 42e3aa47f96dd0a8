import { describe, expect, it } from "vitest";
import { describeReport, runScenario } from "./support/load-scenario";

// The short variant of bench/load for every test run: 10 s on PostgreSQL, two Torg processes sharing
// the database and an S3-compatible bucket. Correctness only; speed is bench/load's job.
describe("load on two processes (10 s)", () => {
  it("loses, duplicates and miscounts nothing, and never answers 5xx", async () => {
    const result = await runScenario({
      processes: 2,
      shoppers: 40,
      sellers: 3,
      durationMs: 10_000,
      thinkMs: [100, 400],
    });
    process.stdout.write(describeReport("load test", result));
    expect(result.orders).toBeGreaterThan(20);
    expect(result.retried).toBeGreaterThan(0);
    expect(result.otherFailures).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect({ lost: result.lost, duplicated: result.duplicated, wrong: result.wrong }).toEqual({
      lost: 0,
      duplicated: 0,
      wrong: 0,
    });
    expect(result.smsQueued).toBeGreaterThan(0);
    expect(result.smsDeliveredOnce).toBe(result.smsQueued);
    expect(result.smsDeliveredTwice).toBe(0);
    expect(result.scansCounted).toBe(result.scansSent);
    expect(result.crossServerSessionOk).toBe(true);
    expect(result.uploadsServedEverywhere).toBe(true);
  }, 180_000);
});
