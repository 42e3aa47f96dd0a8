// `npm run build`: the web client's two builds (vite.config.ts), the app and the pages the server renders.
import { buildClient } from "./lib/prepare.mjs";

buildClient();
