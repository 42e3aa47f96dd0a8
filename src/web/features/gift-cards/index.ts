/** The seller's gift cards (decision 0076): the store's offer and the cards it sold. */
export { GiftCardsTab } from "./gift-cards-tab";
