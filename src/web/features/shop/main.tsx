// Under `npm run dev`, React Fast Refresh for a page whose HTML the server wrote; nothing in a build.
import "@vitejs/plugin-react/preamble";
import "./shop.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initLanguage, LanguageProvider } from "../../lib/i18n";
import { readPageState } from "../../lib/page-state";
import { ShopApp } from "./shop-app";
import type { ShopState } from "./state";

/**
 * The shop's own entry: the storefront and product pages arrive rendered by the server, and this takes
 * them over. It carries no router, no query cache and no dashboard code, to stay within the storefront's
 * JavaScript budget on a phone.
 */
const state = readPageState<ShopState>();
const container = document.getElementById("root");
if (!container) throw new Error("shop.html has no #root element");

initLanguage({ language: state.language, catalogues: { [state.language]: state.catalogue } });
hydrateRoot(
  container,
  <StrictMode>
    <LanguageProvider>
      <ShopApp page={state.page} />
    </LanguageProvider>
  </StrictMode>,
);
