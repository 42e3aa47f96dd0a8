import { eq } from "drizzle-orm";
import type { CarrierProvider, ShipmentView, TrackingEvent, TrackingState } from "../../../shared/shipping";
import type { DbOrTx } from "../../db/client";
import { shipments } from "../../db/schema";

/** What the shopper's order page shows of the parcel: the seller's view without the label. */
export type ShopperShipment = Omit<ShipmentView, "labelUrl">;

/**
 * An order's booked parcel for its shopper (decision 0079), or null when none is booked: the carrier,
 * the tracking number and link, and what the tracking last said (events newest first). The label is
 * the seller's alone: the order page's link may be forwarded, and a label carries the whole address.
 */
export async function shopperShipment(db: DbOrTx, orderId: string): Promise<ShopperShipment | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!row) return null;
  return {
    carrier: row.carrier as CarrierProvider,
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    bookedAt: row.bookedAt.toISOString(),
    state: row.state as TrackingState,
    events: [...(row.events as TrackingEvent[])].sort((a, b) => b.at.localeCompare(a.at)),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
