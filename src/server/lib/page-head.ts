import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./project-root.ts";

/**
 * The <head> every page shares (src/web/page-head.html), written where a template (index.html,
 * shop.html, account.html) says <!--page-head-->: by Vite for the built and served pages
 * (vite.config.ts), and here for the templates the server reads from source under `npm run dev`.
 * The build writes the theme script into the page (a separate file held the first paint back for a
 * round trip; the CSP allows it by its hash); development links the file.
 */
export function withPageHead(html: string, { inlineThemeScript }: { inlineThemeScript: boolean }): string {
  const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8").trim();
  const themeScript = inlineThemeScript
    ? `<script>${read("public/theme-init.js")}</script>`
    : `<script src="/theme-init.js"></script>`;
  const head = read("src/web/page-head.html")
    .replace("<!--theme-script-->", () => themeScript)
    .replaceAll("\n", "\n    ");
  return html.replace("<!--page-head-->", () => head);
}
