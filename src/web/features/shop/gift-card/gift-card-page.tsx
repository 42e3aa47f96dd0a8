import { useState } from "react";
import type { GiftCardSettings } from "../../../../shared/gift-card";
import type { PlacedOrder } from "../../../../shared/order";
import type { PublicStore } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { BackToStore } from "../components/back-to-store";
import { ShopFooter } from "../components/shop-footer";
import { BalanceCheck } from "./balance-check";
import { GiftCardPurchase } from "./gift-card-purchase";

/**
 * The store's gift card page /s/{slug}/gift-card (decision 0076): buying a card where the store sells
 * them, and always checking a card's balance. Rendered by the server like the terms page, from the rare
 * pages' chunk, so the storefront's own first load does not carry it.
 */
export function GiftCardPage({ store, settings }: { store: PublicStore; settings: GiftCardSettings }) {
  const { t } = useTranslation();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  return (
    <div className="flex min-h-dvh flex-col">
      <BackToStore store={store} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid w-full max-w-3xl flex-1 gap-10 px-4 py-10 outline-none sm:px-6"
      >
        <div className="grid gap-3">
          <h1 className="text-3xl font-semibold tracking-tight text-balance">
            {t("giftCardPage.title", { store: store.name })}
          </h1>
          <p className="text-pretty text-muted-foreground">
            {settings.enabled
              ? t("giftCardPage.intro", { store: store.name })
              : t("giftCardPage.introCheckOnly")}
          </p>
        </div>
        {settings.enabled && (
          <section
            aria-labelledby="gift-card-buy"
            className="grid gap-5 rounded-2xl border bg-card p-5 sm:p-6"
          >
            <h2 id="gift-card-buy" className="text-xl font-semibold tracking-tight">
              {t("giftCardPage.buyTitle")}
            </h2>
            {placed ? (
              <div role="status" className="grid gap-3">
                <p className="text-lg font-semibold">{t("checkout.confirmedTitle")}</p>
                <p className="text-pretty text-muted-foreground">
                  {t("giftCardPage.placed", { store: store.name })}
                </p>
                {placed.publicUrl && (
                  <Button asChild variant="outline" className="justify-self-start">
                    <a href={placed.publicUrl}>{t("checkout.viewOrder")}</a>
                  </Button>
                )}
              </div>
            ) : (
              <GiftCardPurchase store={store} settings={settings} onPlaced={setPlaced} />
            )}
          </section>
        )}
        <section
          aria-labelledby="gift-card-balance"
          className="grid gap-4 rounded-2xl border bg-card p-5 sm:p-6"
        >
          <h2 id="gift-card-balance" className="text-xl font-semibold tracking-tight">
            {t("giftCardPage.balanceTitle")}
          </h2>
          <BalanceCheck storeId={store.id} />
        </section>
      </main>
      <ShopFooter store={store} />
    </div>
  );
}
