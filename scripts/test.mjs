// `npm test`: installs what is missing, runs the API/unit suites (PGlite, and PostgreSQL when one is
// reachable), the browser journeys against the built server, the production install
// (`npm ci --omit=dev` in a clean folder, then plain `node`) and the deployment of deploy/ (nginx and Caddy,
// two app servers, PostgreSQL, S3), then prints one "N passed, N failed" line over all of them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { checkDeployment } from "./lib/deploy-check.mjs";
import {
  ensureClientBuild,
  ensureDependencies,
  ensureServerBuild,
  ensureSupportedNode,
  root,
} from "./lib/prepare.mjs";
import { checkProductionInstall } from "./lib/production-check.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const reports = path.join(root, ".tmp", "reports");

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

ensureSupportedNode();
process.stdout.write(`Node.js ${process.versions.node}\n`);
ensureDependencies();
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const env = { ...process.env };
if (!env.TEST_DATABASE_URL && (await reachable("127.0.0.1", 5432))) env.TEST_DATABASE_URL = DEFAULT_POSTGRES;
process.stdout.write(
  env.TEST_DATABASE_URL
    ? `Data-layer suites: PGlite and PostgreSQL (${env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//")})\n`
    : "Data-layer suites: PGlite only (no PostgreSQL at 127.0.0.1:5432; set TEST_DATABASE_URL to add it)\n",
);

const totals = { passed: 0, failed: 0, skipped: 0 };
const extraArgs = process.argv.slice(2);

// 1. Unit and API suites.
const vitestReport = path.join(reports, "vitest.json");
const vitest = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
    ...extraArgs,
  ],
  { cwd: root, stdio: "inherit", env },
);
const unit = readJson(vitestReport);
if (unit) {
  totals.passed += unit.numPassedTests;
  totals.failed += unit.numFailedTests;
  totals.skipped += unit.numPendingTests + unit.numTodoTests;
  if (vitest.status !== 0 && unit.numFailedTests === 0) totals.failed += 1;
} else {
  totals.failed += 1;
  process.stderr.write("The unit/API suite did not produce a report.\n");
}

// 2. Browser journeys in Debian's Chromium against a freshly built client.
if (!fs.existsSync(CHROMIUM)) {
  totals.failed += 1;
  process.stderr.write(
    `Browser journeys need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium).\n`,
  );
} else {
  ensureClientBuild();
  await ensureServerBuild();
  const e2eReport = path.join(reports, "playwright.json");
  const playwright = spawnSync("npx", ["playwright", "test"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected;
    totals.failed += e2e.stats.unexpected + e2e.stats.flaky;
    totals.skipped += e2e.stats.skipped;
    if (playwright.status !== 0 && e2e.stats.unexpected === 0) totals.failed += 1;
  } else {
    totals.failed += 1;
    process.stderr.write("The browser journeys did not produce a report.\n");
  }
}

// 3. The production install: what an operator runs, from the same build.
ensureClientBuild();
await ensureServerBuild();
process.stdout.write(
  "\nProduction install (npm ci --omit=dev in a clean folder, then node dist/server/main.js):\n",
);
const production = await checkProductionInstall();
totals.passed += production.passed;
totals.failed += production.failed;

// 4. The deployment of deploy/: nginx, then Caddy with on-demand TLS, in front of two built app servers on
// PostgreSQL and S3.
process.stdout.write("\nDeployment (deploy/: nginx and Caddy, two app servers, PostgreSQL, S3):\n");
const deployment = env.TEST_DATABASE_URL ? await checkDeployment() : { passed: 0, failed: 1 };
if (!env.TEST_DATABASE_URL)
  process.stdout.write("  ✗ needs PostgreSQL: set TEST_DATABASE_URL or run one on 127.0.0.1:5432\n");
totals.passed += deployment.passed;
totals.failed += deployment.failed;

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
