import { useEffect, useState } from "react";
import { useTranslation } from "../../../lib/i18n";

/**
 * The shopper's own order that waits for her online payment (decision 0063), remembered in this browser
 * when the checkout sends her on to Vipps or Stripe: coming back without paying (the back button, a
 * Reject), the shop shows her the way to her order page (Pay now / Cancel order) instead of leaving her
 * with a cart that says the piece is sold out. The order page forgets it once the order is no longer
 * waiting. Only the page's path is kept: its token is the order's only secret, as in the address bar.
 */
const STORAGE_KEY = "torg.unpaidOrder";

interface UnpaidOrder {
  storeSlug: string;
  /** The order page's path, /s/{slug}/order/{token} (or /order/{token} on the store's own domain). */
  path: string;
}

export function rememberUnpaidOrder(storeSlug: string, publicUrl: string) {
  try {
    const path = new URL(publicUrl, window.location.href).pathname;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ storeSlug, path } satisfies UnpaidOrder));
  } catch {
    // Storage refused (private mode): the order e-mail still leads back to the order page.
  }
}

/** Forgets the remembered order when the order page at `path` says it no longer waits for payment. */
export function forgetUnpaidOrder(path: string) {
  try {
    if (readUnpaidOrder()?.path === path) localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

function readUnpaidOrder(): UnpaidOrder | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<UnpaidOrder>) : null;
    if (typeof parsed?.storeSlug !== "string" || typeof parsed.path !== "string") return null;
    // Under Torg's address, or at the root of the store's own domain (decision 0080).
    const underTorg = parsed.path.startsWith(`/s/${encodeURIComponent(parsed.storeSlug)}/order/`);
    if (!underTorg && !parsed.path.startsWith("/order/")) return null;
    return { storeSlug: parsed.storeSlug, path: parsed.path };
  } catch {
    return null;
  }
}

/** "You have an unpaid order – Pay now or cancel it", on the store's pages while one is remembered. */
export function UnpaidOrderBanner({ storeSlug }: { storeSlug: string | undefined }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<UnpaidOrder | null>(null);
  useEffect(() => {
    const read = () => setOrder(readUnpaidOrder());
    read();
    // Back from the provider, the browser may show this page from its cache without running it again.
    window.addEventListener("pageshow", read);
    return () => window.removeEventListener("pageshow", read);
  }, []);
  if (!order || !storeSlug || order.storeSlug !== storeSlug) return null;
  return (
    <div
      role="status"
      data-testid="unpaid-order"
      // Floating above the page, clear of the storefront's fixed header and its phone buy bar.
      className="fixed inset-x-3 bottom-24 z-50 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border bg-card px-4 py-3 text-sm shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-sm"
    >
      <span className="font-medium">{t("unpaidOrder.text")}</span>
      <a
        href={order.path}
        className="font-semibold text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t("unpaidOrder.link")}
      </a>
    </div>
  );
}
