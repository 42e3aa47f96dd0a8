import fs from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The source module of each public page that the server can prepare a first visit for. */
const PAGE_SOURCES = {
  storefront: "src/web/pages/storefront/index.tsx",
  product: "src/web/pages/product/index.tsx",
} as const;

export type PreloadablePage = keyof typeof PAGE_SOURCES;

/**
 * The JavaScript a public page needs beyond the entry bundle, read from Vite's build manifest, so the
 * HTML can ask for it at once instead of after the entry has run and the router has matched: on a phone
 * that saves a full round trip before the storefront can render. Empty when there is no manifest.
 */
export function pagePreloads(webRoot: string): (page: PreloadablePage) => string[] {
  const manifestPath = path.join(webRoot, ".vite", "manifest.json");
  if (!fs.existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;

  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const alreadyInHtml = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, alreadyInHtml);

  const files = Object.fromEntries(
    Object.entries(PAGE_SOURCES).map(([page, source]) => [
      page,
      [...closure(source)].filter((key) => !alreadyInHtml.has(key)).map((key) => `/${manifest[key]?.file}`),
    ]),
  ) as Record<PreloadablePage, string[]>;
  return (page) => files[page];
}
