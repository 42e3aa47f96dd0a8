import {
  CARRIER_UNAVAILABLE_HEADER,
  type PickupPoint,
  type ShippingOption,
} from "../../../../shared/shipping";
import { apiJson, apiRequest } from "../../../lib/api";

/** A cart line as an order lists it: the carrier's price is for the cart's weight. */
export interface CarrierCartLine {
  productId: string;
  variantId: string | null;
  qty: number;
}

/**
 * POST /api/stores/{id}/shipping-options (decision 0079): the store's carrier services for the cart to
 * the postcode; `carrierUnavailable`: Bring did not answer, only the seller-priced services are listed.
 */
export async function fetchShippingOptions(
  storeId: string,
  postalCode: string,
  items: CarrierCartLine[],
): Promise<{ options: ShippingOption[]; carrierUnavailable: boolean }> {
  const res = await apiRequest("POST", `/api/stores/${encodeURIComponent(storeId)}/shipping-options`, {
    postalCode,
    country: "NO",
    items,
  });
  return {
    options: (await res.json()) as ShippingOption[],
    carrierUnavailable: res.headers.get(CARRIER_UNAVAILABLE_HEADER) !== null,
  };
}

/** GET /api/stores/{id}/pickup-points: the nearest points, nearest first. */
export function fetchPickupPoints(storeId: string, postalCode: string): Promise<PickupPoint[]> {
  return apiJson<PickupPoint[]>(
    "GET",
    `/api/stores/${encodeURIComponent(storeId)}/pickup-points?postalCode=${encodeURIComponent(postalCode)}&country=NO`,
  );
}
