import { GiftCardList } from "./gift-card-list";
import { GiftCardSettingsCard } from "./gift-card-settings-card";

/** The store's "Gift cards" tab: its offer above, the cards it sold below. */
export function GiftCardsTab({ storeId }: { storeId: string }) {
  return (
    <div className="grid gap-6">
      <GiftCardSettingsCard storeId={storeId} />
      <GiftCardList storeId={storeId} />
    </div>
  );
}
