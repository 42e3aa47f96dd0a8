import { eq } from "drizzle-orm";
import { orders, products } from "../../db/schema";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { Agent, signUp, type TestApp } from "../../test/harness";
import { connectTestCarrier } from "./testing";

/** Test helpers for booking parcels (decision 0079): a Bring store, and orders placed and paid in it. */

export const shopper = {
  buyerEmail: "kunde@example.no",
  shipToName: "Nora Kunde",
  shipToPhone: "+47 912 34 567",
};
export const homeAddress = { street: "Karl Johans gate 5", post: "0154", city: "Oslo" };

/** A seller's store connected to the fake's Bring account, with a 1.2 kg mug and a flat parcel option. */
export async function bringStore(t: TestApp, options: { fulfilOnDelivery?: boolean } = {}) {
  const seller = await signUp(t.app);
  const store = await createStoreVia(seller.agent);
  const mug = await createProductVia(seller.agent, store.id, { title: "Mug", basePrice: "349" });
  await t.database.db.update(products).set({ weightGrams: 1200 }).where(eq(products.id, mug.id));
  const saved = await seller.agent.put(`/api/stores/${store.id}/delivery-options`, [
    { name: "Pakke", kind: "parcel", price: "99" },
  ]);
  const [parcel] = saved.json() as { id: string }[];
  if (!parcel) throw new Error(`options not saved: ${saved.body}`);
  await connectTestCarrier(t.database.db, store.id, {
    services: [{ code: "5800" }, { code: "5600" }],
    defaultWeightGrams: 800,
    fulfilOnDelivery: options.fulfilOnDelivery ?? false,
  });
  return { ...seller, store, mug, parcel };
}

type Store = Awaited<ReturnType<typeof bringStore>>;

/**
 * A shopper's order of `qty` mugs with the flat parcel option, paid by hand (`paid: false` leaves it
 * pending). `pickupPointId` makes it an order placed with Bring's pick-up service at that point, as the
 * checkout writes one (delivery kind "parcel", the service and the point on the order).
 */
export async function placeOrder(
  t: TestApp,
  store: Store,
  { qty = 2, paid = true, pickupPointId }: { qty?: number; paid?: boolean; pickupPointId?: string } = {},
) {
  const placed = await new Agent(t.app).request({
    method: "POST",
    url: "/api/orders",
    payload: {
      ...shopper,
      storeId: store.store.id,
      deliveryOptionId: store.parcel.id,
      shipToAddr: homeAddress,
      items: [{ productId: store.mug.id, qty }],
    },
  });
  if (placed.statusCode !== 201) throw new Error(`order not placed: ${placed.statusCode} ${placed.body}`);
  const order = placed.json() as { id: string; publicUrl: string };
  if (pickupPointId) {
    await t.database.db
      .update(orders)
      .set({
        shippingCarrier: "bring",
        shippingService: "5800",
        shippingPriceSource: "bring",
        pickupPoint: {
          id: pickupPointId,
          name: "Coop Mega Storgata",
          address: "Storgata 12",
          postalCode: "0155",
          city: "OSLO",
        },
      })
      .where(eq(orders.id, order.id));
  }
  if (paid) {
    const marked = await store.agent.patch(`/api/orders/${order.id}/status`, { status: "paid" });
    if (marked.statusCode !== 200) throw new Error(`not marked paid: ${marked.body}`);
  }
  return order;
}
