// Under `npm run dev`, React Fast Refresh for a page whose HTML the server wrote; nothing in a build.
import "@vitejs/plugin-react/preamble";
import "./shop.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { initLanguage, LanguageProvider } from "../../lib/i18n";
import { readPageState } from "../../lib/page-state";
import { needsRarePages, type RarePages, ShopApp } from "./shop-app";
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
// Hydrated as a transition, so React hydrates in slices of a few milliseconds and lets the phone
// paint and answer a tap in between (decision 0044): as one task it blocked a throttled phone's main
// thread for about 200 ms. A tap before it is done is replayed once its part of the page is hydrated.
function hydrate(rarePages: RarePages | undefined) {
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

// The terms and order pages come in their own chunk, fetched before hydrating them (the page is already
// readable: the server rendered it).
if (needsRarePages(state.page)) void import("./rare-pages").then(hydrate);
else hydrate(undefined);
