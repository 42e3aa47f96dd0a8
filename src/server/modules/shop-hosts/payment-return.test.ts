/**
 * The shopper comes back from Vipps to her order page on the store's own domain (decision 0080): the
 * return address the payment is created with is made by shop-address, as the checkout's order link is.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeVipps, startFakeVipps } from "../../test/fakes/vipps";
import { createTestApp, type TestApp } from "../../test/harness";
import { checkout, paymentEnv, storeWithChannels } from "../payments/testing";
import { setShopDomain } from "./testing";

let t: TestApp;
let vipps: FakeVipps;
beforeAll(async () => {
  vipps = await startFakeVipps({ deliver: false });
  t = await createTestApp({ ...paymentEnv(vipps), PUBLIC_URL: "https://torg.example.no" });
});
afterAll(async () => {
  await t.close();
  await vipps.close();
});

it("creates the payment with a return address on the store's domain", async () => {
  const { store, mug } = await storeWithChannels(t, [{ provider: "vipps", isLive: true }]);
  const domain = `keramikkari-${randomUUID().slice(0, 6)}.test`;
  await setShopDomain(t.app, t.database.db, store.id, domain);
  const response = await checkout(t, store.id, mug.id, "vipps");
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json() as { publicUrl: string };
  expect(order.publicUrl).toMatch(new RegExp(`^https://${domain.replace(".", "\\.")}/order/[^/]+$`));
  const created = [...vipps.payments.values()].at(-1);
  expect(created?.returnUrl).toBe(order.publicUrl);
});
