import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import { PROJECT_ROOT } from "../lib/project-root";
import { withPageHead } from "./page-head";

export interface PageTemplates {
  /** The app's page (built index.html), served for every app path; empty without a built client. */
  app: string;
  /** What the shop pages are rendered into (src/server/pages/shop-page.ts). */
  shop: string;
  /** What the login and sign-up pages are rendered into (src/server/pages/account-page.ts). */
  account: string;
}

const readIfBuilt = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

/** Under `npm run dev`: the source template with Vite's client, its modules served by Vite. */
const developmentTemplate = (name: string) =>
  sourceTemplate(name).replace(
    "</head>",
    () => `  <script type="module" src="/@vite/client"></script>\n  </head>`,
  );

/** A template as it is in the repository, its shared <head> written in (the theme script linked). */
export function sourceTemplate(name: string): string {
  return withPageHead(fs.readFileSync(path.join(PROJECT_ROOT, name), "utf8"), { inlineThemeScript: false });
}

/** The built index.html, shop.html and account.html (the last two from source under `npm run dev`). */
export function readPageTemplates(config: Pick<Config, "env" | "webRoot">): PageTemplates {
  const built = (name: string) => readIfBuilt(path.join(config.webRoot, name));
  const rendered = config.env === "development" ? developmentTemplate : built;
  return { app: built("index.html"), shop: rendered("shop.html"), account: rendered("account.html") };
}
