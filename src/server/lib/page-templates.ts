import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";

/** The shop pages' source template, at the repository's root next to index.html. */
const SOURCE_SHOP_TEMPLATE = path.resolve(import.meta.dirname, "../../../shop.html");

export interface PageTemplates {
  /** The app's page (built index.html), served for every app path; empty without a built client. */
  app: string;
  /** What the shop pages are rendered into (src/server/modules/storefront/shop-page.ts). */
  shop: string;
}

const readIfBuilt = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

/**
 * The built index.html and shop.html. Under `npm run dev` the shop template is the source one with
 * Vite's client added: its modules are served by Vite, which forwards shop pages here.
 */
export function readPageTemplates(config: Pick<Config, "env" | "webRoot">): PageTemplates {
  const app = readIfBuilt(path.join(config.webRoot, "index.html"));
  if (config.env === "development") {
    const shop = fs
      .readFileSync(SOURCE_SHOP_TEMPLATE, "utf8")
      .replace("</head>", () => `  <script type="module" src="/@vite/client"></script>\n  </head>`);
    return { app, shop };
  }
  return { app, shop: readIfBuilt(path.join(config.webRoot, "shop.html")) };
}
