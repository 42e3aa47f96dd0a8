import { PackageSearch, Store } from "lucide-react";
import type { ShopPage } from "../../shared/storefront";
import { SkipLink } from "../components/skip-link";
import { LoadFailurePage } from "../components/storefront/load-failure";
import { ShopFrame } from "../components/storefront/shop-frame";
import { Toaster } from "../components/ui/toaster";
import { ProductPage } from "../pages/product";
import { StorefrontPage } from "../pages/storefront";

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
        <ShopFrame origin={page.origin}>
          <StorefrontPage store={page.store} products={page.products} />
        </ShopFrame>
      );
    case "product":
      return (
        <ShopFrame origin={page.origin} storePath={`/s/${page.product.store.slug}`}>
          <ProductPage product={page.product} />
        </ShopFrame>
      );
    default:
      return (
        <LoadFailurePage
          reason={page.page}
          texts={page.of}
          icon={page.of === "storefront" ? Store : PackageSearch}
        />
      );
  }
}
