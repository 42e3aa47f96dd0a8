/** What other modules may use of the qr module: its front door (decision 0075). */
export { qrRoutes } from "./routes";
export { createQrCode, pageQrCodes, storeQrUrl, toQrView } from "./service";
