/** What other modules may use of the sms module: its front door (decision 0075). */

export type { ReadPhone } from "./destination";
export {
  assertSellerSmsPhone,
  assertSmsDestination,
  readPhone,
  readPhoneSchema,
  shopperGetsTexts,
} from "./destination";
export { orderLinkOrigin } from "./messages";
export { SmsOutboxWorker } from "./outbox";
export { queueShopperText } from "./shopper-texts";
