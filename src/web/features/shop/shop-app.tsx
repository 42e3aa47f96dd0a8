import { PackageSearch, ReceiptText, Store } from "lucide-react";
import type { ShopPage } from "../../../shared/storefront";
import { SkipLink } from "../../components/skip-link";
import { Toaster } from "../../components/ui/toaster";
import { LoadFailurePage } from "./components/load-failure";
import { ShopFrame } from "./components/shop-frame";
import { OrderPage } from "./order/order-page";
import { ProductPage } from "./product/product-page";
import { StorefrontPage } from "./storefront/storefront-page";
import { TermsPage } from "./terms/terms-page";

/** A shop page, the same tree on the server (render.tsx) and in the browser (main.tsx). */
export function ShopApp({ page }: { page: ShopPage }) {
  return (
    <>
      <SkipLink />
      <ShopContent page={page} />
      <Toaster />
    </>
  );
}

function ShopContent({ page }: { page: ShopPage }) {
  switch (page.page) {
    case "storefront":
      return (
        <ShopFrame origin={page.origin} storeSlug={page.store.slug}>
          <StorefrontPage store={page.store} products={page.products} listing={page.listing} />
        </ShopFrame>
      );
    case "product":
      return (
        <ShopFrame
          origin={page.origin}
          storePath={`/s/${page.product.store.slug}`}
          storeSlug={page.product.store.slug}
        >
          <ProductPage product={page.product} />
        </ShopFrame>
      );
    case "terms":
      return <TermsPage store={page.store} />;
    case "order":
      // No cart here: the shopper came for this one order, from their e-mail or a payment's return.
      return <OrderPage order={page.order} token={page.token} />;
    default:
      return (
        <LoadFailurePage
          reason={page.page}
          texts={page.of}
          icon={page.of === "storefront" ? Store : page.of === "orderPage" ? ReceiptText : PackageSearch}
        />
      );
  }
}
