// `npm run dev`: the API server with reload on :3000 and Vite with hot module reload on :5173.
import { spawn } from "node:child_process";
import { ensureDependencies, ensureSupportedNode, root } from "./lib/prepare.mjs";

ensureSupportedNode();
ensureDependencies();

const env = { ...process.env, NODE_ENV: "development" };
const children = [];
// Without provider keys, local Vipps and Stripe fakes take payments (decision 0035): anyone can pay.
const fakePayments = !env.VIPPS_CLIENT_ID && !env.STRIPE_SECRET_KEY;
// Without BRING_API_URL, the local Bring fake (started with the payment fakes) prices, books and tracks
// parcels (decision 0079); BRING_API_URL= (empty) turns Bring off instead.
const fakeBring = env.BRING_API_URL === undefined;
if (fakeBring) {
  Object.assign(env, {
    BRING_API_URL: `http://127.0.0.1:${env.FAKE_BRING_PORT ?? "3303"}`,
    BRING_TEST_BOOKINGS: env.BRING_TEST_BOOKINGS ?? "true",
  });
}
if (fakePayments) {
  const vippsPort = env.FAKE_VIPPS_PORT ?? "3301";
  const stripePort = env.FAKE_STRIPE_PORT ?? "3302";
  Object.assign(env, {
    VIPPS_API_URL: `http://127.0.0.1:${vippsPort}`,
    VIPPS_CLIENT_ID: "fake-client-id",
    VIPPS_CLIENT_SECRET: "fake-client-secret",
    VIPPS_SUBSCRIPTION_KEY: "fake-subscription-key",
    STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_fake",
    FAKE_TORG_URL: `http://127.0.0.1:${env.PORT ?? "3000"}`,
  });
}
if (fakePayments || fakeBring) {
  children.push(spawn("npx", ["tsx", "scripts/payment-fakes.ts"], { cwd: root, stdio: "inherit", env }));
}
children.push(
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env,
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env }),
);
const stopAll = () => {
  for (const child of children) child.kill("SIGTERM");
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stopAll);
for (const child of children) {
  child.on("exit", (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
}
