/**
 * The market feature's public entry (decision 0027): what pages and the market screen's route use of it.
 * The receipt's actions after a sale, and the notice of the cash-register rules and the MVA threshold.
 */
export { ReceiptActions } from "./receipt";
export { ThresholdsNotice } from "./thresholds";
