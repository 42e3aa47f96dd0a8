import type { OrderEffects } from "../payments";
import { holdStockAgain, releaseUnpaidHold } from "./hold";
import { changeOrderStatus } from "./service";

/** What a payment may do to its order, handed to the payments module by app.ts (decision 0075). */
export const orderEffects: OrderEffects = { changeOrderStatus, releaseUnpaidHold, holdStockAgain };
