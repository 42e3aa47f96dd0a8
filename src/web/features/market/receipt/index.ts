/**
 * A stall sale's receipt on the market screen (decision 0077): its number, QR code, sending it by SMS or
 * e-mail, and the buyer's details. The receipt's own page is a shop page (src/web/features/shop/receipt).
 */
export { ReceiptActions } from "./receipt-actions";
