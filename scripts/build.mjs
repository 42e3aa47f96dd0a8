// `npm run build`: the web client's two builds (vite.config.ts), the app and the pages the server renders,
// and the server as plain JavaScript (dist/server), which production runs with `node`.
import { buildClient, buildServer, ensureSupportedNode } from "./lib/prepare.mjs";

ensureSupportedNode();
buildClient();
await buildServer();
