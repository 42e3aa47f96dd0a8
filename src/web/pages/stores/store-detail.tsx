import { QrCodesTab } from "../../features/admin";
import { DiscountsTab } from "../../features/discounts";
import { StoreDetailPage as StoreDetail } from "../../features/stores";

/**
 * /stores/{id} and /store-edit/{id}. The store's QR tab is the admin's QR screen (decision 0012) and its
 * Discounts tab the discounts feature's (issue 29); the page hands them to the stores feature, so no
 * feature imports another.
 */
export function StoreDetailPage() {
  return <StoreDetail qrCodesTab={QrCodesTab} discountsTab={DiscountsTab} />;
}
