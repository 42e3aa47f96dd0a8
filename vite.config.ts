import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type IndexHtmlTransformContext, type Plugin, type ProxyOptions } from "vite";
import { compression } from "vite-plugin-compression2";
import { withPageHead } from "./src/server/lib/page-head.ts";

const apiServer = process.env.TORG_API_URL ?? "http://localhost:3000";

/**
 * changeOrigin stays false so the Host header keeps the dev server's address and the server's
 * same-origin check on writes sees a matching Origin.
 */
const toApi: ProxyOptions = { target: apiServer, changeOrigin: false };

/** Every page's shared <head> (src/server/lib/page-head.ts), with the theme script inline in a build. */
function pageHead(): Plugin {
  let inlineThemeScript = false;
  return {
    name: "torg:page-head",
    configResolved(config) {
      inlineThemeScript = config.command === "build";
    },
    transformIndexHtml: { order: "pre", handler: (html) => withPageHead(html, { inlineThemeScript }) },
  };
}

type Bundle = NonNullable<IndexHtmlTransformContext["bundle"]>;

/**
 * The page's stylesheet in a <style> element instead of a link: on a phone on slow 4G the linked file
 * held the first paint back by a round trip after the HTML (Lighthouse's "render-blocking request").
 * The file stays in assets, linked by nothing.
 */
function inlineStylesheets(html: string, bundle: Bundle): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
    (link, fileName: string) => {
      const asset = bundle[fileName];
      if (asset?.type !== "asset") return link;
      // "</style" cannot occur in Tailwind's output; refused rather than escaped if it ever does.
      const css = String(asset.source);
      if (/<\/style/i.test(css)) throw new Error(`${fileName} cannot be inlined: it contains </style`);
      return `<style>${css}</style>`;
    },
  );
}

/**
 * Inter's Latin file (every Norwegian and English letter) preloaded, so its request starts with the head
 * instead of after the first layout, and the fallback face (theme.css) shows for as short a time as can be.
 */
function preloadFont(html: string, bundle: Bundle): string {
  const font = Object.values(bundle).find(
    (file) => file.type === "asset" && file.names.includes("inter-latin-wght-normal.woff2"),
  );
  if (!font) throw new Error("Inter's Latin font file is missing from the build");
  const preload = `<link rel="preload" href="/${font.fileName}" as="font" type="font/woff2" crossorigin>`;
  return html.replace("<script>", () => `${preload}\n    <script>`);
}

/**
 * The hydration scripts at low priority: the page is complete without them, so the HTML, the font and
 * the photos in view go first on a slow link. At their default (high) priority Lighthouse counted them
 * into the first paint, although Chrome marks module scripts non-blocking and never waits for them.
 */
function lowerScriptPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin/g,
    '<$1 fetchpriority="low" crossorigin',
  );
}

/** The server-rendered pages' first paint (decision 0044). */
function firstPaint(): Plugin {
  return {
    name: "torg:first-paint",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        return lowerScriptPriority(preloadFont(inlineStylesheets(html, bundle), bundle));
      },
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
      pageHead(),
      ...(serverPages ? [firstPaint()] : []),
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
        // The pages the server renders (src/web/features/shop, src/web/account), in development too.
        "^/s/": toApi,
        "^/products/": toApi,
        "^/(login|register)/?(\\?.*)?$": toApi,
      },
    },
  };
});
