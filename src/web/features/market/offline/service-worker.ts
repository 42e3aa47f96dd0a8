/**
 * Makes a store's market page installable and able to open offline (issue 30, item 4): links the page's
 * web app manifest and registers the market service worker (market-sw.js, built by
 * build-service-worker.ts) with the store's market page as its scope, so it controls that page and no
 * other. The worker keeps the app's files; the catalogue and the queued sales are in IndexedDB.
 *
 * Called by the market page when it mounts; returns what to call when it unmounts (the manifest link goes,
 * the worker stays registered: it is what opens the page offline next time).
 */

const MARKET_PAGE = /^\/stores\/([^/]+)\/market(?:\/|$)/;

/** The store whose market page this is, from the address. */
function storeIdFromLocation(): string | undefined {
  if (typeof location === "undefined") return undefined;
  const id = MARKET_PAGE.exec(location.pathname)?.[1];
  return id ? decodeURIComponent(id) : undefined;
}

export const marketPagePath = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/market`;

function linkManifest(storeId: string): () => void {
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = `${marketPagePath(storeId)}/manifest.webmanifest`;
  link.dataset.market = "";
  document.head.append(link);
  return () => link.remove();
}

/**
 * The files this page loaded before the worker controlled it (its first visit): the worker keeps them too,
 * so that the very next load, offline, finds the market page's chunks. Only the app's build files and
 * photos; never an API address.
 */
function loadedFiles(): string[] {
  const own = (name: string) => {
    try {
      const url = new URL(name, location.href);
      return url.origin === location.origin && /^\/(assets|uploads)\//.test(url.pathname);
    } catch {
      return false;
    }
  };
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter(own);
}

export function registerMarketServiceWorker(storeId = storeIdFromLocation()): () => void {
  if (!storeId || typeof document === "undefined") return () => undefined;
  const unlink = linkManifest(storeId);
  // Under `npm run dev` the app's modules are Vite's, served fresh: no worker there (none is built).
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return unlink;
  const scope = marketPagePath(storeId);
  void navigator.serviceWorker
    .register("/market-sw.js", { scope })
    .then(async (registration) => {
      const worker = await activeWorker(registration);
      worker?.postMessage({ type: "market-sw:keep", urls: loadedFiles() });
    })
    .catch((error: unknown) => {
      // Without the worker the page still works online; offline it then cannot open from the home screen.
      console.warn("The market page's offline worker could not be registered", error);
    });
  return unlink;
}

/** The registration's worker once it is active (the first visit waits for it to install). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.active) return Promise.resolve(registration.active);
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return Promise.resolve(null);
  return new Promise((resolve) => {
    pending.addEventListener("statechange", () => {
      if (pending.state === "activated") resolve(pending);
      if (pending.state === "redundant") resolve(null);
    });
  });
}
