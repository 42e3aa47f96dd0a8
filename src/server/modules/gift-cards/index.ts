/** What other modules may use of the gift cards module: its front door (decision 0075). */
export { dropVoidedCardEmails, issueGiftCards, newGiftCardCode } from "./issue";
export { creditGiftCardsOfOrder } from "./refund";
export { GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR, giftCardRoutes } from "./routes";
export { getGiftCardSettings } from "./service";
