import { QrCodesTab } from "../../features/admin";
import { StoreDetailPage as StoreDetail } from "../../features/stores";

/**
 * /stores/{id} and /store-edit/{id}. The store's QR tab is the admin's QR screen (decision 0012); the
 * page hands it to the stores feature, so neither feature imports the other.
 */
export function StoreDetailPage() {
  return <StoreDetail qrCodesTab={QrCodesTab} />;
}
