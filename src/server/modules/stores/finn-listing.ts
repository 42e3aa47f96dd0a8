import { displayPrice } from "../../../shared/display-price";
import { translateShared } from "../../../shared/i18n";
import { formatKr } from "../../../shared/money";
import type { Language } from "../../../shared/preferences";
import type { ProductView } from "../../../shared/product";
import { shopUrl } from "../../../shared/shop-address";
import type { FinnListing } from "../../../shared/store";
import type { StoreRow } from "../../lib/guards";

/**
 * A ready-to-paste Finn.no ad for the store: a title, the active products with prices in kr, and the
 * storefront link (on the store's own domain once it has one, decision 0080), in the store's own language
 * (Finn.no readers are Norwegian by default).
 */
export function buildFinnListing(
  store: StoreRow,
  products: ProductView[],
  origin: string,
  domain: string | null = null,
): FinnListing {
  const language = (
    ["en", "nb", "sv", "da"].includes(store.defaultLocale) ? store.defaultLocale : "nb"
  ) as Language;
  const storeUrl = shopUrl({ slug: store.slug, domain }, origin);
  const t = (key: string, params?: Record<string, string | number>) =>
    translateShared(language, `finn.${key}`, params);
  // The price a shopper pays at least (decision 0060): "fra 345 kr" when the variants cost different amounts.
  const priceOf = (product: ProductView) => {
    const shown = displayPrice(product);
    const amount = formatKr(shown.amount, language);
    return shown.from ? translateShared(language, "price.from", { price: amount }) : amount;
  };
  const lines = products.map((product) => `• ${product.title}: ${priceOf(product)}`);
  const intro = store.theme.description?.trim() || t("intro", { store: store.name });
  const description = [
    intro,
    "",
    products.length ? t("productsHeading") : t("noProducts"),
    ...lines,
    "",
    t("orderAt", { url: storeUrl }),
  ].join("\n");
  return { title: t("title", { store: store.name }), description, storeUrl };
}
