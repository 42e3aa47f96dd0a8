import { renderToString } from "react-dom/server";
import { createTranslator, TranslatorProvider } from "../lib/i18n";
import { AccountApp, accountQueryClient } from "./account-app";
import type { AccountState } from "./state";

/** The HTML of a login or sign-up page's body, for the server to send; main.tsx takes it over. */
export function renderAccountPage(state: AccountState): string {
  const translator = createTranslator(state.language, state.catalogue, state.catalogue);
  return renderToString(
    <TranslatorProvider translator={translator}>
      <AccountApp state={state} queryClient={accountQueryClient(state)} />
    </TranslatorProvider>,
  );
}
