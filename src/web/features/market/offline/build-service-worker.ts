import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Builds the market screen's service worker (market-sw.js, issue 30 item 4) into the app's build, at the
 * site's root so that its scope may be a store's market page: the worker's source with the build's
 * version and the files the market page needs written in. Build only: `npm run dev` has no worker (the
 * page does not register one there, offline/service-worker.ts), its modules being Vite's, not files.
 *
 * Which files: the app's entry and what it imports, and the lazy chunks of the market page and of what
 * it stands in: the layouts, the language catalogues, every module whose path names the market
 * (src/web/features/market, a pages/market* page); each with the chunks it imports, its stylesheets and
 * assets; and the Latin font files. Whatever else the page loads later is kept by the worker as it loads.
 */
export const MARKET_SERVICE_WORKER = "market-sw.js";

const SOURCE = path.join(import.meta.dirname, "market-sw.js");
/** Modules whose chunks the market page needs offline. */
const NEEDED_MODULE = /\/src\/web\/(?:pages\/layouts\/|locales\/|.*market)|\/src\/shared\/locales\//;
/** The Inter files a Norwegian, Swedish, Danish or English page uses. */
const NEEDED_FONT = /latin.*\.woff2$/;

interface ChunkLike {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}
interface AssetLike {
  type: "asset";
  fileName: string;
}

/** The files to precache, as paths from the site's root, in a stable order. */
export function marketPrecacheList(bundle: Record<string, ChunkLike | AssetLike>): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    if (chunk.type !== "chunk") return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? [])
      if (!/\.woff2?$/.test(asset) || NEEDED_FONT.test(asset)) files.add(asset);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const file of Object.values(bundle)) {
    if (file.type === "chunk" && (file.isEntry || file.moduleIds.some((id) => NEEDED_MODULE.test(id))))
      visit(file.fileName);
    if (file.type === "asset" && NEEDED_FONT.test(file.fileName)) files.add(file.fileName);
  }
  return [...files]
    .filter((fileName) => !fileName.endsWith(".map") && fileName !== "index.html")
    .sort()
    .map((fileName) => `/${fileName}`)
    .concat("/favicon.svg");
}

/** The worker's source with its version and list written in. */
export function marketServiceWorkerSource(source: string, precache: string[]): string {
  const list = JSON.stringify(precache);
  const version = createHash("sha256").update(source).update(list).digest("hex").slice(0, 12);
  const filled = source
    .replace('"__MARKET_SW_VERSION__"', () => JSON.stringify(version))
    .replace('JSON.parse("__MARKET_SW_PRECACHE__")', () => list);
  if (filled.includes("__MARKET_SW_"))
    throw new Error(`${MARKET_SERVICE_WORKER}: a placeholder was left unfilled`);
  return filled;
}

/** The Vite plugin: adds market-sw.js to the app's build (not to the server pages' build). */
export function marketServiceWorker(): Plugin {
  return {
    name: "torg:market-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const precache = marketPrecacheList(bundle as unknown as Record<string, ChunkLike | AssetLike>);
      this.emitFile({
        type: "asset",
        fileName: MARKET_SERVICE_WORKER,
        source: marketServiceWorkerSource(fs.readFileSync(SOURCE, "utf8"), precache),
      });
    },
  };
}
