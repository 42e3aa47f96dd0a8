import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LABELS_PER_PDF } from "../../../shared/carrier-settings";
import { type FakeBring, startFakeBring } from "../../test/fakes/bring";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { bringStore, placeOrder } from "./booking.fixtures";

/** Issue 31 item 3: several orders' labels as one PDF (POST /api/stores/{id}/shipments/labels). */
let fake: FakeBring;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBring({ advance: false });
  t = await createTestApp({ BRING_API_URL: fake.url, ORDERS_PER_IP_PER_HOUR: "0" });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const en = { "accept-language": "en" };

describe("printing several labels at once", () => {
  it("merges the booked orders' labels into one PDF, a page per label, in the order asked", async () => {
    const store = await bringStore(t);
    const ids: string[] = [];
    const pagesEach: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const order = await placeOrder(t, store, { qty: 1 });
      expect((await store.agent.post(`/api/orders/${order.id}/shipment`, {})).statusCode).toBe(201);
      const label = await store.agent.get(`/api/orders/${order.id}/shipment/label`);
      pagesEach.push((await PDFDocument.load(label.rawPayload)).getPageCount());
      ids.push(order.id);
    }
    const merged = await store.agent.request({
      method: "POST",
      url: `/api/stores/${store.store.id}/shipments/labels`,
      payload: { orderIds: [ids[2], ids[0], ids[1]] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.headers["content-type"]).toBe("application/pdf");
    expect(merged.headers["content-disposition"]).toMatch(/^inline; filename="labels-.+\.pdf"$/);
    expect(merged.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const pdf = await PDFDocument.load(merged.rawPayload);
    expect(pdf.getPageCount()).toBe(pagesEach.reduce((sum, pages) => sum + pages, 0));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
  });

  it("refuses orders without a booked parcel, naming them; another store's orders count as such", async () => {
    const store = await bringStore(t);
    const booked = await placeOrder(t, store);
    await store.agent.post(`/api/orders/${booked.id}/shipment`, {});
    const unbooked = await placeOrder(t, store);
    const elsewhere = await bringStore(t);
    const theirs = await placeOrder(t, elsewhere);
    await elsewhere.agent.post(`/api/orders/${theirs.id}/shipment`, {});
    const refused = await store.agent.request({
      method: "POST",
      url: `/api/stores/${store.store.id}/shipments/labels`,
      payload: { orderIds: [booked.id, unbooked.id, theirs.id] },
      headers: en,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `These orders have no booked parcel: ${unbooked.id.slice(0, 8)}, ${theirs.id.slice(0, 8)}`,
    );
  });

  it("checks the list and who asks", async () => {
    const store = await bringStore(t);
    const url = `/api/stores/${store.store.id}/shipments/labels`;
    const post = (payload: unknown) =>
      store.agent.request({ method: "POST", url, payload: payload as object, headers: en });
    const none = await post({ orderIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Choose the orders to print labels for");
    const many = await post({
      orderIds: Array.from({ length: MAX_LABELS_PER_PDF + 1 }, () => crypto.randomUUID()),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe("Print at most 50 labels at once");
    const stranger = await signUp(t.app);
    const order = await placeOrder(t, store);
    expect(
      (await stranger.agent.request({ method: "POST", url, payload: { orderIds: [order.id] } })).statusCode,
    ).toBe(404);
  });
});
