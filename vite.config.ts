import fs from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { compression } from "vite-plugin-compression2";

const apiServer = process.env.TORG_API_URL ?? "http://localhost:3000";

/**
 * changeOrigin stays false so the Host header keeps the dev server's address and the server's
 * same-origin check on writes sees a matching Origin.
 */
const toApi: ProxyOptions = { target: apiServer, changeOrigin: false };

const THEME_SCRIPT = path.join(import.meta.dirname, "public", "theme-init.js");

/**
 * The theme script written into each page instead of linked: it must run before the first paint, and
 * as a file it held that paint back for a round trip on a phone. The server's Content-Security-Policy
 * allows exactly this script by its hash (src/server/lib/security.ts).
 */
function inlineThemeScript(): Plugin {
  return {
    name: "torg:inline-theme-script",
    apply: "build",
    transformIndexHtml(html) {
      const script = fs.readFileSync(THEME_SCRIPT, "utf8").trim();
      return html.replace('<script src="/theme-init.js"></script>', () => `<script>${script}</script>`);
    },
  };
}

/**
 * Two builds into dist/web: the app (index.html; `vite build`) and the pages the server renders
 * (`vite build --mode server-pages`): the shop pages (shop.html) and the login and sign-up pages
 * (account.html), so a shopper's or a visitor's first page shares no chunk with the dashboard.
 * `node scripts/build.mjs` runs both.
 */
export default defineConfig(({ mode }) => {
  const serverPages = mode === "server-pages";
  return {
    root: import.meta.dirname,
    // Brotli and gzip copies next to each file; the server sends them as they are (preCompressed).
    plugins: [
      react(),
      tailwindcss(),
      inlineThemeScript(),
      compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
    ],
    build: {
      outDir: "dist/web",
      emptyOutDir: !serverPages,
      copyPublicDir: !serverPages,
      rollupOptions: { input: serverPages ? ["shop.html", "account.html"] : "index.html" },
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        "/api/": toApi,
        "/uploads/": toApi,
        // A regular expression: a plain "/q" prefix would also swallow /quick-create.
        "^/q/": toApi,
        // The pages the server renders (src/web/shop, src/web/account), in development too.
        "^/s/": toApi,
        "^/products/": toApi,
        "^/(login|register)/?(\\?.*)?$": toApi,
      },
    },
  };
});
