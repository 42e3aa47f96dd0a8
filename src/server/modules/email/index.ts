/** What other modules may use of the email module: its front door (decision 0075). */
export type { AccountLinkParams, AccountLinkPurpose } from "./account-link";
export type { GiftCardEmailParams } from "./gift-card-email";
export { EmailOutboxWorker } from "./outbox";
export { recipientLimitKey } from "./recipient-limit";
export { queueRefundNotice } from "./refund-notice";
export type { StallReceiptEmailParams } from "./stall-receipt-email";
