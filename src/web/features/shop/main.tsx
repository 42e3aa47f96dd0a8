// Under `npm run dev`, React Fast Refresh for a page whose HTML the server wrote; nothing in a build.
import "@vitejs/plugin-react/preamble";
import "./shop.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Catalogue } from "../../../shared/i18n";
import { initLanguage, LanguageProvider } from "../../lib/i18n";
import { readPageState } from "../../lib/page-state";
import { needsRarePages, type RarePages, ShopApp } from "./shop-app";
import type { ShopPageState } from "./state";

/**
 * The shop's own entry: the storefront and product pages arrive rendered by the server, and this takes
 * them over. It carries no router, no query cache and no dashboard code, to stay within the storefront's
 * JavaScript budget on a phone.
 */
const state = readPageState<ShopPageState>();
const container = document.getElementById("root");
if (!container) throw new Error("shop.html has no #root element");

/**
 * The page's texts, from their own file (decision 0048): the page asked for it in its head, and the
 * browser keeps it from page to page. Tried three times: until they are here the page is as the server
 * rendered it (links and forms work; the cart waits).
 */
async function loadTexts(url: string): Promise<Catalogue> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as Catalogue;
      if (attempt >= 3) throw new Error(`${url}: ${response.status}`);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

// Hydrated as a transition, so React hydrates in slices of a few milliseconds and lets the phone
// paint and answer a tap in between (decision 0044): as one task it blocked a throttled phone's main
// thread for a long, visible moment. A tap before it is done is replayed once its part of the page is hydrated.
function hydrate(catalogue: Catalogue, rarePages: RarePages | undefined) {
  initLanguage({ language: state.language, catalogues: { [state.language]: catalogue } });
  startTransition(() => {
    hydrateRoot(
      container as HTMLElement,
      <StrictMode>
        <LanguageProvider>
          <ShopApp page={state.page} rarePages={rarePages} />
        </LanguageProvider>
      </StrictMode>,
    );
  });
}

// The terms and order pages come in their own chunk, fetched beside the texts before hydrating them (the
// page is already readable: the server rendered it).
void Promise.all([
  loadTexts(state.texts),
  needsRarePages(state.page) ? import("./rare-pages") : undefined,
]).then(([catalogue, rarePages]) => hydrate(catalogue, rarePages));
