import { defineConfig, devices } from "@playwright/test";
import { fakePaymentPorts, serverLogPath, smtpPortFor } from "./e2e/helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";
const FAKES = fakePaymentPorts(PORT);
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

/**
 * Journeys run in Debian's Chromium against the built client served by the built server (`npm run build`), on a fresh
 * PGlite folder each run (or PostgreSQL when E2E_DATABASE_URL is set).
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: ".tmp/test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? ".tmp/reports/playwright.json" }],
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      // Local Vipps and Stripe fakes (decision 0035): the payment journeys pay on their pages. The local
      // Bring fake (decision 0079) starts with them: the shipping journeys price, book and track there.
      command: "npx tsx scripts/payment-fakes.ts",
      url: `http://127.0.0.1:${FAKES.vipps}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        FAKE_VIPPS_PORT: String(FAKES.vipps),
        FAKE_STRIPE_PORT: String(FAKES.stripe),
        FAKE_BRING_PORT: String(FAKES.bring),
        // The local DNS server own domains are checked against (decision 0080), and its HTTP control.
        FAKE_DNS_PORT: String(FAKES.dns),
        FAKE_DNS_CONTROL_PORT: String(FAKES.dnsControl),
        FAKE_TORG_URL: `http://localhost:${PORT}`,
      },
    },
    {
      // The server's log goes to a file: the journeys read the texts the log SMS provider "sends" there.
      command: `rm -rf ${DATA_DIR} && mkdir -p .tmp && node --enable-source-maps dist/server/main.js > ${serverLogPath(PORT)}`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
        // info: the log SMS provider's texts (a verification code) are info lines.
        LOG_LEVEL: "info",
        // The journeys share one server and a few test numbers; the limits have their own API tests.
        // Playwright's request context keeps idle sockets for reuse; one reused just as the server closed
        // it for idleness fails with ECONNRESET. A journey's pauses stay far below this.
        KEEP_ALIVE_TIMEOUT_MS: "600000",
        IDLE_TIMEOUT_MS: "600000",
        SMS_PER_NUMBER_PER_HOUR: "0",
        // ...and a few test e-mail addresses (decision 0058).
        EMAIL_PER_RECIPIENT_PER_HOUR: "0",
        // Every journey signs up from this one machine's address.
        SIGNUPS_PER_IP_PER_HOUR: "1000",
        // ...and places every journey's orders from it: the paging journey alone places 45.
        ORDERS_PER_IP_PER_HOUR: "1000",
        NODE_ENV: "production",
        // E-mail goes to a local SMTP server the e-mail journey starts and reads (e2e/order-email.spec.ts);
        // while none listens, messages wait in the outbox and are retried.
        SMTP_URL: `smtp://127.0.0.1:${smtpPortFor(PORT)}`,
        EMAIL_RETRY_BASE_MS: "500",
        WEB_ROOT: process.env.E2E_WEB_ROOT ?? "dist/web",
        // Payments on the local fakes; only stores whose channel is live offer them.
        VIPPS_API_URL: `http://127.0.0.1:${FAKES.vipps}`,
        VIPPS_CLIENT_ID: "fake-client-id",
        VIPPS_CLIENT_SECRET: "fake-client-secret",
        VIPPS_SUBSCRIPTION_KEY: "fake-subscription-key",
        STRIPE_API_URL: `http://127.0.0.1:${FAKES.stripe}`,
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: "whsec_fake",
        PAYMENT_POLL_SECONDS: "5",
        // Shipping with Bring on the local fake (its /_fake/ controls set a parcel's tracking state).
        BRING_API_URL: `http://127.0.0.1:${FAKES.bring}`,
        BRING_TEST_BOOKINGS: "true",
        // The tracking worker reads a booked parcel within seconds (e2e/bring-tracking.spec.ts).
        BRING_TRACKING_POLL_MINUTES: "0.05",
        // Own domains are checked against the local DNS server, and pending ones every few seconds.
        DNS_SERVERS: `127.0.0.1:${FAKES.dns}`,
        DOMAIN_CHECK_MINUTES: "0.05",
      },
    },
  ],
});
