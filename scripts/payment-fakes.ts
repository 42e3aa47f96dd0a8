// Local Vipps and Stripe fakes for `npm run dev` and the browser journeys (decision 0035): no provider
// account needed to click through a payment. Torg is pointed at them by the environment printed below.
// The local Bring fake (decision 0079) starts with them: connect a store with FAKE_BRING_ACCOUNT.
// So does a local DNS server (decision 0080): point DNS_SERVERS at it and set a domain's records through
// its HTTP control to see the domain verified.

import { startFakeBring } from "../src/server/test/fakes/bring";
import { FAKE_BRING_ACCOUNT } from "../src/server/test/fakes/bring-account";
import { startFakeDns } from "../src/server/test/fakes/dns-server";
import { startFakeStripe } from "../src/server/test/fakes/stripe";
import { startFakeVipps } from "../src/server/test/fakes/vipps";

const vippsPort = Number(process.env.FAKE_VIPPS_PORT ?? 3301);
const stripePort = Number(process.env.FAKE_STRIPE_PORT ?? 3302);
const bringPort = Number(process.env.FAKE_BRING_PORT ?? 3303);
const dnsPort = Number(process.env.FAKE_DNS_PORT ?? 3353);
const dnsControlPort = Number(process.env.FAKE_DNS_CONTROL_PORT ?? 3354);
const torg = process.env.FAKE_TORG_URL ?? "http://127.0.0.1:3000";

const vipps = await startFakeVipps({ port: vippsPort });
const stripe = await startFakeStripe({ port: stripePort, webhookUrl: `${torg}/api/payments/stripe/webhook` });
// Booked parcels move by themselves over a few minutes, so a developer sees the tracking change.
const bring = await startFakeBring({ port: bringPort });
const dns = await startFakeDns({ port: dnsPort, controlPort: dnsControlPort });
process.stdout.write(`Vipps fake on ${vipps.url}, Stripe fake on ${stripe.url} (webhooks to ${torg})\n`);
process.stdout.write(
  `Bring fake on ${bring.url} (Mybring user ${FAKE_BRING_ACCOUNT.apiUid}, API key ${FAKE_BRING_ACCOUNT.apiKey}, customer number ${FAKE_BRING_ACCOUNT.customerNumber})\n`,
);

process.stdout.write(
  `DNS fake on udp/tcp ${dns.server} (DNS_SERVERS=${dns.server}); set records with POST ${dns.controlUrl}/_fake/dns/records\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([vipps.close(), stripe.close(), bring.close(), dns.close()]).then(() => process.exit(0));
  });
}
