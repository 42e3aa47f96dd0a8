import type { ShipmentView } from "../../../shared/shipping";
import type { DbOrTx } from "../../db/client";
import { shipmentViewsOf } from "./shipment-view";

/** What the shopper's order page shows of the parcel: the seller's view without the label. */
export type ShopperShipment = Omit<ShipmentView, "labelUrl">;

/**
 * An order's booked parcel for its shopper (decision 0079), or null when none is booked: the carrier,
 * the tracking number and link, and what the tracking last said (events newest first). The label is
 * the seller's alone: the order page's link may be forwarded, and a label carries the whole address.
 */
export async function shopperShipment(db: DbOrTx, orderId: string): Promise<ShopperShipment | null> {
  return (await shipmentViewsOf(db, [orderId], { withLabel: false })).get(orderId) ?? null;
}
