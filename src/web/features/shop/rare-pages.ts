/**
 * The shop pages a visitor rarely opens: a store's terms, its gift card page, a shopper's own order page and a
 * stall receipt (decision 0077). They are a chunk
 * of their own, loaded before hydration only on those pages, so the storefront's first load (budget
 * 120 KB, bench/pages) does not carry them. The server renders them from the same modules (render.tsx).
 */
export { AboutPage } from "./about/about-page";
export { GiftCardPage } from "./gift-card/gift-card-page";
export { OrderPage } from "./order/order-page";
export { ReceiptPage } from "./receipt/receipt-page";
export { TermsPage } from "./terms/terms-page";
