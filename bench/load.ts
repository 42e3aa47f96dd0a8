// bench/load: 200 simulated shoppers for 60 s on PostgreSQL (storefront, products, product page, QR
// scans, orders with Idempotency-Keys, one in five retried) plus 5 sellers changing order statuses;
// then the same load on two Torg processes sharing PostgreSQL and an S3-compatible bucket (decision 0016).
// Afterwards the database is reconciled with what every client was told.
// Targets: zero lost, zero duplicated, zero 5xx; p99 under 250 ms; each SMS sent once; scans exact.
import { report, round } from "./lib";
import { describeReport, runScenario, type ScenarioReport } from "./support/load-scenario";

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 60) * 1000;
// A shopper pauses between steps as a person does (reading, tapping); the load is 200 of them at once.
const THINK_MS: [number, number] = [500, 1500];

function reportScenario(name: string, result: ScenarioReport) {
  process.stdout.write(describeReport(name, result));
  report({ figure: `${name}: requests/s`, value: round(result.requestsPerSecond, 0), unit: "req/s" });
  report({ figure: `${name}: orders/s`, value: round(result.ordersPerSecond, 1), unit: "orders/s" });
  report({ figure: `${name}: p50 latency`, value: round(result.p50, 0), unit: "ms" });
  report({
    figure: `${name}: p99 latency`,
    value: round(result.p99, 0),
    unit: "ms",
    target: "< 250",
    ratio: round(result.p99 / 250, 2),
    ok: result.p99 < 250,
  });
  const broken =
    result.lost +
    result.duplicated +
    result.wrong +
    result.serverErrors +
    result.smsDeliveredTwice +
    (result.smsQueued - result.smsDeliveredOnce) +
    Math.abs(result.scansSent - result.scansCounted);
  report({
    figure: `${name}: lost + duplicated + wrong + 5xx + SMS not sent once + scans miscounted`,
    value: broken,
    unit: "",
    target: "0",
    ok: broken === 0 && result.crossServerSessionOk && result.uploadsServedEverywhere,
  });
}

reportScenario(
  "one process",
  await runScenario({ processes: 1, shoppers: 200, sellers: 5, durationMs: DURATION_MS, thinkMs: THINK_MS }),
);
reportScenario(
  "two processes",
  await runScenario({ processes: 2, shoppers: 200, sellers: 5, durationMs: DURATION_MS, thinkMs: THINK_MS }),
);
