import { useEffect, useState } from "react";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import type { StallCart } from "../stall-cart";
import type { CodesPricing } from "./cart-panel";
import { canQuote, hasCodes, quoteStallCart, type StallCodes } from "./stall-quote";

/**
 * What the typed codes do to the cart, asked of the public quote once the seller stops typing: the
 * checkout's own rules price them, so the screen shows the discount the sale will get. A cart with a free
 * amount cannot be quoted; its codes are applied by the sale itself.
 */
export function useCodesPricing(storeId: string, cart: StallCart, codes: StallCodes): CodesPricing {
  const { t } = useTranslation();
  // Each debounced on its own: both are state, stable between renders until they change.
  const settledCart = useDebouncedValue(cart, 500);
  const settledCodes = useDebouncedValue(codes, 500);
  const [pricing, setPricing] = useState<CodesPricing>({ kind: "none" });
  const typing = settledCart !== cart || settledCodes !== codes;

  useEffect(() => {
    if (!hasCodes(settledCodes)) return setPricing({ kind: "none" });
    if (!canQuote(settledCart, settledCodes)) return setPricing({ kind: "atPayment" });
    let current = true;
    setPricing({ kind: "checking" });
    quoteStallCart(storeId, settledCart, settledCodes).then(
      (quote) => current && setPricing({ kind: "quoted", quote }),
      (err: unknown) =>
        current && setPricing({ kind: "refused", message: errorMessage(err, t("market.codes.checkFailed")) }),
    );
    return () => {
      current = false;
    };
  }, [storeId, settledCart, settledCodes, t]);

  // While the seller types, the last answer no longer describes the cart.
  if (typing && hasCodes(codes)) return canQuote(cart, codes) ? { kind: "checking" } : { kind: "atPayment" };
  return pricing;
}
