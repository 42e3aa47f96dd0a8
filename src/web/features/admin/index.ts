/**
 * The admin feature's public entry (decision 0027): the one file of this folder that code outside it may
 * import. src/web/pages/admin mounts the page; a store's own QR tab is the admin's QR screen (decision 0012),
 * which src/web/pages/stores/store-detail.tsx hands to the stores feature.
 */
export { AdminPage } from "./components/admin";
export { QrCodesTab } from "./components/qr-codes-tab";
