import { useEffect, useRef } from "react";

/**
 * Counts one view of a product page on our own server. A beacon outlives the page, so a shopper who
 * leaves at once is still counted; a view that cannot be sent is simply not counted.
 */
function sendProductView(productId: string): void {
  const url = `/api/analytics/product-views/${encodeURIComponent(productId)}`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  fetch(url, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => {
    // A lost view is not worth a word to the shopper.
  });
}

/** One view per product a shopper opens; React's development double effects do not count twice. */
export function useProductViewBeacon(productId: string): void {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === productId) return;
    counted.current = productId;
    sendProductView(productId);
  }, [productId]);
}
