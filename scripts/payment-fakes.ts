// Local Vipps and Stripe fakes for `npm run dev` and the browser journeys (decision 0035): no provider
// account needed to click through a payment. Torg is pointed at them by the environment printed below.
import { startFakeStripe } from "../src/server/test/fakes/stripe";
import { startFakeVipps } from "../src/server/test/fakes/vipps";

const vippsPort = Number(process.env.FAKE_VIPPS_PORT ?? 3301);
const stripePort = Number(process.env.FAKE_STRIPE_PORT ?? 3302);
const torg = process.env.FAKE_TORG_URL ?? "http://127.0.0.1:3000";

const vipps = await startFakeVipps({ port: vippsPort });
const stripe = await startFakeStripe({ port: stripePort, webhookUrl: `${torg}/api/payments/stripe/webhook` });
process.stdout.write(`Vipps fake on ${vipps.url}, Stripe fake on ${stripe.url} (webhooks to ${torg})\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([vipps.close(), stripe.close()]).then(() => process.exit(0));
  });
}
