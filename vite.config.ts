import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { compression } from "vite-plugin-compression2";

const apiServer = process.env.TORG_API_URL ?? "http://localhost:3000";

/**
 * changeOrigin stays false so the Host header keeps the dev server's address and the server's
 * same-origin check on writes sees a matching Origin.
 */
const toApi: ProxyOptions = { target: apiServer, changeOrigin: false };

export default defineConfig({
  root: import.meta.dirname,
  // Brotli and gzip copies next to each file; the server sends them as they are (preCompressed).
  plugins: [react(), tailwindcss(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    rollupOptions: {
      // Two entries: the app (index.html) and the shop pages the server renders (shop.html, src/web/shop).
      input: { app: "index.html", shop: "shop.html" },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api/": toApi,
      "/uploads/": toApi,
      // A regular expression: a plain "/q" prefix would also swallow /quick-create.
      "^/q/": toApi,
      // The shop pages are rendered by the server (src/web/shop), in development too.
      "^/s/": toApi,
      "^/products/": toApi,
    },
  },
});
