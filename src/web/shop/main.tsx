// Under `npm run dev`, React Fast Refresh for a page whose HTML the server wrote; nothing in a build.
import "@vitejs/plugin-react/preamble";
import "@fontsource-variable/inter";
import "./shop.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { initLanguage, LanguageProvider } from "../lib/i18n";
import { ShopApp } from "./shop-app";
import { SHOP_STATE_ELEMENT_ID, type ShopState } from "./state";

/**
 * The shop's own entry: the storefront and product pages arrive rendered by the server, and this takes
 * them over. It carries no router, no query cache and no dashboard code, to stay within the storefront's
 * JavaScript budget on a phone.
 */
const stateElement = document.getElementById(SHOP_STATE_ELEMENT_ID);
const container = document.getElementById("root");
if (!stateElement?.textContent || !container) throw new Error("The shop page was not rendered by the server");
const state = JSON.parse(stateElement.textContent) as ShopState;

initLanguage({ language: state.language, catalogues: { [state.language]: state.catalogue } });
hydrateRoot(
  container,
  <StrictMode>
    <LanguageProvider>
      <ShopApp page={state.page} />
    </LanguageProvider>
  </StrictMode>,
);
