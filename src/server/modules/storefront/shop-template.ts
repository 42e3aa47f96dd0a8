import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config";

/** The source template, at the repository's root next to index.html. */
const SOURCE_TEMPLATE = path.resolve(import.meta.dirname, "../../../../shop.html");

/**
 * The HTML the shop pages are rendered into: the built shop.html (the shop entry's hashed script, its
 * preloads and styles), or under `npm run dev` the source one with Vite's client added, its modules
 * served by Vite, which forwards these pages here. Empty when there is no built client.
 */
export function readShopTemplate(config: Pick<Config, "env" | "webRoot">): string {
  if (config.env === "development") {
    return fs
      .readFileSync(SOURCE_TEMPLATE, "utf8")
      .replace("</head>", () => `  <script type="module" src="/@vite/client"></script>\n  </head>`);
  }
  const built = path.join(config.webRoot, "shop.html");
  return fs.existsSync(built) ? fs.readFileSync(built, "utf8") : "";
}
