import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "../../../hooks/use-toast";

const loadToaster = () => import("../../../components/ui/toaster");
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/** What a shopper does before any toast can follow: a tap, a click, a key. */
const FIRST_TOUCH = ["pointerdown", "keydown"] as const;

/**
 * The shop's toasts. A shop page shows one only after the shopper does something (adds to the cart,
 * shares, orders), so the toaster's code (Radix Toast and its collection) is no part of a page's first
 * load: a shopper who only looks never downloads it. The first tap or key starts the download, so the
 * toast that follows is drawn at once; a toast raised before that is drawn when the code has come, as
 * the toasts are kept in their own store (use-toast) until then.
 */
export function ShopToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);

  useEffect(() => {
    if (wanted) return;
    const start = () => void loadToaster();
    for (const type of FIRST_TOUCH) window.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_TOUCH) window.removeEventListener(type, start, { capture: true });
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
