// Under `npm run dev`, React Fast Refresh for a page whose HTML the server wrote; nothing in a build.
import "@vitejs/plugin-react/preamble";
import "./account.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { showCarriedToasts } from "../hooks/use-toast";
import { initLanguage, LanguageProvider } from "../lib/i18n";
import { readPageState } from "../lib/page-state";
import { AccountApp, accountQueryClient } from "./account-app";
import type { AccountState } from "./state";

/**
 * The login and sign-up pages' own entry: they arrive rendered by the server, in one language, and
 * this takes them over without the app's router or dashboard code. Choosing another language reloads
 * the page, which the server renders in it (the choice is a cookie by then).
 */
const state = readPageState<AccountState>();
const container = document.getElementById("root");
if (!container) throw new Error("account.html has no #root element");

initLanguage({
  language: state.language,
  catalogues: { [state.language]: state.catalogue },
  load: () => {
    window.location.reload();
    return new Promise(() => {});
  },
});
// Hydrated as a transition, so React hydrates in slices of a few milliseconds and lets the phone
// paint and answer a tap in between (decision 0044): as one task it blocked a throttled phone's main
// thread for a long, visible moment. A tap before it is done is replayed once its part of the page is hydrated.
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <LanguageProvider>
        <AccountApp state={state} queryClient={accountQueryClient(state)} />
      </LanguageProvider>
    </StrictMode>,
  );
});
showCarriedToasts();
