import { shopPath } from "../../../shared/shop-address";
import type { ShopPage } from "../../../shared/storefront";
import { SkipLink } from "../../components/skip-link";
import { PackageSearch, ReceiptText, Store } from "./components/icons";
import { LoadFailurePage } from "./components/load-failure";
import { ShopFrame } from "./components/shop-frame";
import { ShopToaster } from "./components/shop-toaster";
import { ProductPage } from "./product/product-page";
import type * as RarePageModules from "./rare-pages";
import { StorefrontPage } from "./storefront/storefront-page";

/** The terms and order pages, from their own chunk (rare-pages.ts): given to ShopApp when the page is one of them. */
export type RarePages = typeof RarePageModules;

/** Whether a page is drawn by one of the rare pages, which must then be loaded before it renders. */
export const needsRarePages = (page: ShopPage) =>
  page.page === "terms" ||
  page.page === "about" ||
  page.page === "order" ||
  page.page === "giftCard" ||
  page.page === "receipt";

/** A shop page, the same tree on the server (render.tsx) and in the browser (main.tsx). */
export function ShopApp({ page, rarePages }: { page: ShopPage; rarePages?: RarePages }) {
  return (
    <>
      <SkipLink />
      <ShopContent page={page} rarePages={rarePages} />
      <ShopToaster />
    </>
  );
}

function ShopContent({ page, rarePages }: { page: ShopPage; rarePages?: RarePages }) {
  if (needsRarePages(page) && !rarePages)
    throw new Error(`The ${page.page} page needs its chunk (rare-pages.ts)`);
  switch (page.page) {
    case "storefront":
      return (
        <ShopFrame origin={page.origin} store={page.store}>
          <StorefrontPage
            store={page.store}
            products={page.products}
            listing={page.listing}
            giftCards={page.giftCards}
          />
        </ShopFrame>
      );
    case "product":
      return (
        <ShopFrame origin={page.origin} storePath={shopPath(page.store)} store={page.store}>
          <ProductPage product={page.product} store={page.store} />
        </ShopFrame>
      );
    case "terms":
      return rarePages && <rarePages.TermsPage store={page.store} />;
    case "about":
      return rarePages && <rarePages.AboutPage store={page.store} about={page.about} />;
    case "giftCard":
      return rarePages && <rarePages.GiftCardPage store={page.store} settings={page.settings} />;
    case "order":
      // No cart here: the shopper came for this one order, from their e-mail or a payment's return.
      return rarePages && <rarePages.OrderPage order={page.order} token={page.token} store={page.store} />;
    case "receipt":
      // A stall receipt (decision 0077): the buyer came for this one receipt, from a QR code or a message.
      return rarePages && <rarePages.ReceiptPage receipt={page.receipt} store={page.store} />;
    default:
      return (
        <LoadFailurePage
          reason={page.page}
          texts={page.of}
          // An order's or a receipt's page: a receipt.
          icon={page.of === "storefront" ? Store : page.of === "productPage" ? PackageSearch : ReceiptText}
        />
      );
  }
}
