import type { ShipmentOrderEffects } from "../shipping";
import { queueShippedNotice } from "./shopper-notices";
import { changeStatusWithPayment } from "./status-change";

/** What booking a parcel may do to its order, handed to the shipping module by app.ts (decision 0075). */
export const shipmentOrderEffects: ShipmentOrderEffects = {
  fulfil: (payments, { orderId, userId, trackingNumber }) =>
    changeStatusWithPayment(payments, { orderId, status: "fulfilled", userId, trackingNumber }),
  queueShippedNotice,
};
