import { inArray } from "drizzle-orm";
import type { ShipmentView, TrackingEvent, TrackingState } from "../../../shared/shipping";
import type { DbOrTx } from "../../db/client";
import { shipments } from "../../db/schema";

type ShipmentRow = typeof shipments.$inferSelect;

/** Where the seller opens a booked parcel's label (GET /api/orders/{id}/shipment/label). */
export const shipmentLabelPath = (orderId: string) => `/api/orders/${orderId}/shipment/label`;

/**
 * A booked parcel as the order's readers see it (decision 0079); the label link only for the seller,
 * since the label shows the shopper's address and is printed at the packing table.
 */
export function toShipmentView(row: ShipmentRow, { withLabel }: { withLabel: boolean }): ShipmentView {
  return {
    carrier: row.carrier as ShipmentView["carrier"],
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    ...(withLabel ? { labelUrl: shipmentLabelPath(row.orderId) } : {}),
    bookedAt: row.bookedAt.toISOString(),
    state: row.state as TrackingState,
    // Newest first, however the carrier listed them.
    events: [...(row.events as TrackingEvent[])].sort((a, b) => b.at.localeCompare(a.at)),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The booked parcels of many orders in one read, by order id; an order without one is left out. */
export async function shipmentViewsOf(
  db: DbOrTx,
  orderIds: string[],
  options: { withLabel: boolean },
): Promise<Map<string, ShipmentView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, toShipmentView(row, options)]));
}
