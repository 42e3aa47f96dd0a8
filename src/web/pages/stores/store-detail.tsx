import { QrCodesTab } from "../../features/admin";
import { DiscountsTab } from "../../features/discounts";
import { GiftCardsTab } from "../../features/gift-cards";
import { ThresholdsNotice } from "../../features/market";
import { StoreDetailPage as StoreDetail } from "../../features/stores";

/**
 * /stores/{id} and /store-edit/{id}. The store's QR tab is the admin's QR screen (decision 0012), its
 * Discounts and Gift cards tabs those features' (decision 0076), its notice of the cash-register rules
 * the market feature's (decision 0078); the page hands them to the stores feature, so no feature imports
 * another.
 */
export function StoreDetailPage() {
  return (
    <StoreDetail
      qrCodesTab={QrCodesTab}
      discountsTab={DiscountsTab}
      giftCardsTab={GiftCardsTab}
      thresholdsNotice={ThresholdsNotice}
    />
  );
}
