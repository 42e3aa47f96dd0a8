/**
 * The market screen's service worker (issue 30, item 4): the stall opens and sells without the network.
 *
 * Built into dist/web/market-sw.js by vite.config.ts (marketServiceWorker), which writes in the build's
 * version and the files the market page needs (the app's entry, its layouts, the market feature, the
 * language catalogues and fonts, read from the bundle): those are cached when the worker installs.
 * Registered only by the market page (offline/service-worker.ts), one registration per store, its scope
 * the store's market page (/stores/{id}/market): it controls no other page of Torg.
 *
 * - The page (a navigation within the scope): network first, so an online seller always gets the current
 *   app; without an answer within a few seconds (a market hall's weak signal), the copy kept at the last
 *   visit. The page is the app's shell, the same for every visitor: no one's data is in it.
 * - Hashed build files (/assets/): cache first (their names change with their content), and kept when
 *   the page loads one not precached.
 * - Product photos (/uploads/): cache first, a bounded number, so the tiles keep their photos offline.
 * - Everything else, /api/ above all, is not touched: the catalogue and the queued sales are kept in
 *   IndexedDB by the page, per seller; an API answer is never cached here.
 */

/** The worker's global scope (JSDoc types for the reader: this file is plain JavaScript, built as it is). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** Written by the build: its hash, and the files to precache. */
const VERSION = "__MARKET_SW_VERSION__";
/** @type {string[]} */
const PRECACHE = JSON.parse("__MARKET_SW_PRECACHE__");

const PREFIX = "torg-market-";
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const PHOTO_CACHE = `${PREFIX}photos`;
/** How many product photos are kept: a stall's catalogue, with room to spare. */
const MAX_PHOTOS = 400;
/** How long the page waits for the network before the kept copy answers. */
const NETWORK_TIMEOUT_MS = 4000;
/** Versions of the shell kept: this one and the one before, for a page still open with the old files. */
const SHELL_VERSIONS_KEPT = 2;

const scopeUrl = () => new URL(worker.registration.scope);

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(PRECACHE);
      const page = await fetch(scopeUrl(), { credentials: "same-origin", cache: "no-cache" });
      if (isCacheablePage(page)) await cache.put(scopeUrl(), page);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const shells = (await caches.keys()).filter((name) => name.startsWith(`${PREFIX}shell-`));
      // caches.keys() lists the caches in the order they were made: the oldest go.
      const old = shells
        .filter((name) => name !== SHELL_CACHE)
        .slice(0, -(SHELL_VERSIONS_KEPT - 1) || undefined);
      await Promise.all(old.map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === "navigate") {
    if (isMarketPage(url)) event.respondWith(marketPage(event));
    return;
  }
  if (url.pathname.startsWith("/assets/") || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
  } else if (url.pathname.startsWith("/uploads/")) {
    event.respondWith(cacheFirst(request, PHOTO_CACHE));
  }
});

/** The page hands over what it loaded before this worker controlled it (its first visit). */
worker.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "market-sw:keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.map(async (/** @type {unknown} */ href) => {
        if (typeof href !== "string") return;
        const url = new URL(href, worker.location.origin);
        if (url.origin !== worker.location.origin) return;
        const cacheName = url.pathname.startsWith("/assets/")
          ? SHELL_CACHE
          : url.pathname.startsWith("/uploads/")
            ? PHOTO_CACHE
            : null;
        if (!cacheName || (await caches.match(url))) return;
        const response = await fetch(url).catch(() => null);
        if (response?.ok) await keep(cacheName, url, response);
      }),
    ),
  );
});

/** @param {URL} url */
function isMarketPage(url) {
  const scope = scopeUrl().pathname;
  return url.pathname === scope || url.pathname.startsWith(`${scope}/`);
}

/** Only a whole, plain page of our own: never an error page, a redirect (to login) or an opaque answer. */
function isCacheablePage(/** @type {Response} */ response) {
  return response.ok && response.type === "basic" && !response.redirected;
}

/** @param {FetchEvent} event */
async function marketPage(event) {
  const network = fetch(event.request).then(async (response) => {
    if (isCacheablePage(response)) await keep(SHELL_CACHE, scopeUrl(), response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  /** @type {Promise<null>} */
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS));
  const first = await Promise.race([network.catch(() => null), timeout]);
  if (first) return first;
  const kept = await caches.match(scopeUrl());
  if (kept) return kept;
  // Nothing kept (the first visit never finished): the network's answer, or its failure, as it comes.
  return network;
}

/**
 * @param {Request} request
 * @param {string} cacheName
 */
async function cacheFirst(request, cacheName) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await keep(cacheName, request, response.clone());
  return response;
}

/**
 * @param {string} cacheName
 * @param {RequestInfo | URL} key
 * @param {Response} response
 */
async function keep(cacheName, key, response) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  if (cacheName !== PHOTO_CACHE) return;
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PHOTOS)).map((old) => cache.delete(old)));
}
