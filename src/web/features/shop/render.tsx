import { renderToString } from "react-dom/server";
import { createTranslator, TranslatorProvider } from "../../lib/i18n";
import * as rarePages from "./rare-pages";
import { ShopApp } from "./shop-app";
import type { ShopState } from "./state";

/** The HTML of a shop page's body, for the server to send; the browser's main.tsx takes it over. */
export function renderShopPage(state: ShopState): string {
  const translator = createTranslator(state.language, state.catalogue, state.catalogue);
  return renderToString(
    <TranslatorProvider translator={translator}>
      <ShopApp page={state.page} rarePages={rarePages} />
    </TranslatorProvider>,
  );
}
