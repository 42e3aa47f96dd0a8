import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../lib/project-root.ts";

/**
 * The <head> every page shares (src/web/page-head.html), written where a template (index.html,
 * shop.html, account.html) says <!--page-head-->: by Vite for the built and served pages
 * (vite.config.ts), and here for the templates the server reads from source under `npm run dev`.
 * The build writes the theme script into the page, as the build prepares it (minified; vite.config.ts):
 * a separate file held the first paint back for a round trip, and the CSP allows it by its hash.
 * Development links the file.
 */
export function withPageHead(
  html: string,
  { inlineThemeScript }: { inlineThemeScript: false | ((code: string) => string) },
): string {
  const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8").trim();
  const themeScript = inlineThemeScript
    ? `<script>${inlineThemeScript(read("public/theme-init.js"))}</script>`
    : `<script src="/theme-init.js"></script>`;
  const head = read("src/web/page-head.html")
    .replace("<!--theme-script-->", () => themeScript)
    .replaceAll("\n", "\n    ");
  return html.replace("<!--page-head-->", () => head);
}
