import { useCallback, useEffect, useState } from "react";
import type { PickupPoint, ShippingOption } from "../../../../shared/shipping";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import type { CartItem } from "../cart/cart";
import { fetchPickupPoints, fetchShippingOptions } from "./carrier-api";

/** A postcode typed to its fourth digit is asked about after this pause (a correction is not). */
const ASK_AFTER_MS = 250;

type Loaded<T> =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ready"; value: T }
  | { state: "failed"; message: string };

export interface CarrierShipping {
  options: Loaded<{ options: ShippingOption[]; carrierUnavailable: boolean }>;
  points: Loaded<PickupPoint[]>;
  /** Ask again (after a failure, or the order was refused because the price could not be had). */
  retry: () => void;
}

const validPostcode = (postcode: string | undefined): postcode is string => /^\d{4}$/.test(postcode ?? "");

/**
 * The store's carrier services for the cart and the postcode typed (decision 0079), and, when a pick-up
 * service is chosen, the points near that postcode. Each question is asked when its inputs settle; a
 * late answer to an older question is dropped.
 */
export function useCarrierShipping(input: {
  enabled: boolean;
  storeId: string | null;
  items: readonly CartItem[];
  postcode: string | undefined;
  /** A pick-up service is chosen: its points are listed. */
  wantsPoints: boolean;
}): CarrierShipping {
  const { t } = useTranslation();
  const { enabled, storeId, postcode, wantsPoints } = input;
  const [options, setOptions] = useState<CarrierShipping["options"]>({ state: "idle" });
  const [points, setPoints] = useState<CarrierShipping["points"]>({ state: "idle" });
  const [asked, setAsked] = useState(0);
  const lines = JSON.stringify(
    input.items.map((item) => ({ productId: item.productId, variantId: item.variantId, qty: item.quantity })),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is a request to ask again.
  useEffect(() => {
    if (!enabled || !storeId || !validPostcode(postcode) || lines === "[]") {
      setOptions({ state: "idle" });
      return;
    }
    let current = true;
    setOptions({ state: "loading" });
    const timer = setTimeout(() => {
      fetchShippingOptions(storeId, postcode, JSON.parse(lines)).then(
        (value) => current && setOptions({ state: "ready", value }),
        (err: unknown) =>
          current &&
          setOptions({ state: "failed", message: errorMessage(err, t("carrierCheckout.optionsFailed")) }),
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, storeId, postcode, lines, asked, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is a request to ask again.
  useEffect(() => {
    if (!enabled || !storeId || !wantsPoints || !validPostcode(postcode)) {
      setPoints({ state: "idle" });
      return;
    }
    let current = true;
    setPoints({ state: "loading" });
    fetchPickupPoints(storeId, postcode).then(
      (value) => current && setPoints({ state: "ready", value }),
      (err: unknown) =>
        current &&
        setPoints({ state: "failed", message: errorMessage(err, t("carrierCheckout.pointsFailed")) }),
    );
    return () => {
      current = false;
    };
  }, [enabled, storeId, postcode, wantsPoints, asked, t]);

  const retry = useCallback(() => setAsked((count) => count + 1), []);
  return { options, points, retry };
}
