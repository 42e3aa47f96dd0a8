import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import {
  defineConfig,
  type IndexHtmlTransformContext,
  minifySync,
  type Plugin,
  type ProxyOptions,
} from "vite";
import { compression } from "vite-plugin-compression2";
import { withPageHead } from "./src/server/pages/page-head.ts";
import { marketServiceWorker } from "./src/web/features/market/offline/build-service-worker.ts";

const apiServer = process.env.TORG_API_URL ?? "http://localhost:3000";

/**
 * changeOrigin stays false so the Host header keeps the dev server's address and the server's
 * same-origin check on writes sees a matching Origin.
 */
const toApi: ProxyOptions = { target: apiServer, changeOrigin: false };

/**
 * The theme script as every page carries it: minified, so its comments (for the next engineer) are not
 * sent with every page (1.5 KB → 0.6 KB). The server allows it by the hash of what the build wrote.
 */
function minifiedScript(code: string): string {
  const { code: minified, errors } = minifySync("theme-init.js", code);
  if (errors.length > 0) throw new Error(`theme-init.js cannot be minified: ${errors[0]?.message}`);
  return minified.trim();
}

/** Every page's shared <head> (src/server/pages/page-head.ts), with the theme script inline in a build. */
function pageHead(): Plugin {
  let inlineThemeScript: ((code: string) => string) | false = false;
  return {
    name: "torg:page-head",
    configResolved(config) {
      inlineThemeScript = config.command === "build" && minifiedScript;
    },
    transformIndexHtml: { order: "pre", handler: (html) => withPageHead(html, { inlineThemeScript }) },
  };
}

type Bundle = NonNullable<IndexHtmlTransformContext["bundle"]>;

/**
 * The page's stylesheet in a <style> element instead of a link: on a phone on slow 4G the linked file
 * held the first paint back by a round trip after the HTML (Lighthouse's "render-blocking request").
 * The file stays in assets, linked by nothing. Only the login and sign-up pages (decision 0053): the
 * shop pages link theirs, cached across every page and store, so that a shop page's HTML stays within
 * its 40 KB (issue 19); inline, the stylesheet was 72 KB of a 114 KB storefront, sent again with every page.
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

/** The pages whose stylesheet is written into them (decision 0053: not the shop's). */
const INLINE_STYLES_PAGES = new Set(["/account.html"]);

/**
 * The template's comments, which are notes for the next engineer, not for every shopper: all but the
 * places the server fills (<!--page-html-->, <!--page-state-->, src/server/pages/rendered-page.ts).
 */
function withoutComments(html: string): string {
  return html.replace(/[ \t]*<!--(?!page-)[\s\S]*?-->\n?/g, "");
}

/** The server-rendered pages' first paint (decisions 0044, 0053). */
function firstPaint(): Plugin {
  return {
    name: "torg:first-paint",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle, path }) {
        if (!bundle) return html;
        const styled = INLINE_STYLES_PAGES.has(path) ? inlineStylesheets(html, bundle) : html;
        return lowerScriptPriority(preloadFont(withoutComments(styled), bundle));
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
      // The market screen's offline worker (issue 30), from the app's chunks: the app's build only.
      ...(serverPages ? [] : [marketServiceWorker()]),
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
        // The market screen's web app manifest (src/server/pages/market-manifest.ts).
        "^/stores/[^/]+/market/manifest\\.webmanifest$": toApi,
      },
    },
  };
});
