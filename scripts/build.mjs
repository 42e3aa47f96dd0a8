// `npm run build`: the web client's two builds (vite.config.ts), the app and the shop pages.
import { buildClient } from "./lib/prepare.mjs";

buildClient();
