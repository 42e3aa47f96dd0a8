/**
 * The cash-register rules and the MVA threshold (decision 0078): the banner the market screen and the
 * store page show when a limit is near or passed.
 */
export { ThresholdsNotice } from "./thresholds-notice";
