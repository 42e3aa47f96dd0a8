/**
 * The market screen's web app manifest (issue 30, item 4): a store's market page installs to the home
 * screen and opens as an app of its own, straight into the stall. One manifest per store, since the page
 * it starts at is the store's; served at /stores/{id}/market/manifest.webmanifest and linked by the market
 * page (src/web/features/market/offline/service-worker.ts).
 *
 * A browser fetches a manifest without the session cookie (the link has no crossorigin="use-credentials"),
 * so this knows nobody and reads nothing: a fixed name, no store's name, the same for every visitor. The
 * colours are the app's light theme (src/web/page-head.html's theme-color and theme.css' background).
 */
export const MARKET_MANIFEST_PATH = "/stores/:id/market/manifest.webmanifest";

/** A store id as the app's routes have them (a UUID); anything else is not a market page. */
const STORE_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isStoreIdShaped(id: string): boolean {
  return STORE_ID_SHAPE.test(id);
}

export function marketManifest(storeId: string) {
  const page = `/stores/${storeId}/market`;
  return {
    // The install's identity: one app per store's stall, not one for all of Torg.
    id: page,
    name: "Torg Market",
    short_name: "Torg Market",
    start_url: page,
    scope: page,
    display: "standalone",
    orientation: "portrait",
    theme_color: "#fbf9f4",
    background_color: "#fbf9f4",
    // Chromium accepts an SVG icon of any size for installing; the favicon is the app's mark.
    icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
