import { useEffect, useState } from "react";
import type { PaymentProvider } from "../../../../shared/payment";
import { fetchPaymentMethods } from "../api";

/** The store's live payment channels, the card hold and the countries whose numbers get texts. */
export function usePaymentMethods(storeId: string | null | undefined) {
  // The store's live payment channels (decision 0034); none: the seller collects by hand, as before.
  const [methods, setMethods] = useState<PaymentProvider[]>([]);
  const [method, setMethod] = useState<PaymentProvider | undefined>(undefined);
  const [holdMinutes, setHoldMinutes] = useState<number | undefined>(undefined);
  // The countries whose numbers get texts (SMS_ALLOWED_COUNTRIES, decision 0068); unknown until read.
  const [textCountries, setTextCountries] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    if (!storeId) return;
    let live = true;
    fetchPaymentMethods(storeId)
      .then(({ providers, holdMinutes: minutes, textCountries: countries }) => {
        if (!live) return;
        setMethods(providers);
        setHoldMinutes(minutes);
        setTextCountries(countries);
        setMethod((chosen) => (chosen && providers.includes(chosen) ? chosen : providers[0]));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [storeId]);

  return { methods, method, setMethod, holdMinutes, textCountries };
}
