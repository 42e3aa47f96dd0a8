import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronUp, ShoppingBasket } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { MarketCatalogue, MarketCatalogueItem } from "../../../../shared/market";
import { toOre } from "../../../../shared/money";
import { PageTitle } from "../../../components/page-title";
import { Button } from "../../../components/ui/button";
import { LoadFailed } from "../../../components/ui/load-failed";
import { PageSpinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { loadMarketCatalogue } from "../catalogue-source";
import { MarketConflicts, registerMarketServiceWorker } from "../offline";
import {
  addFreeAmount,
  addProduct,
  applyStockLeft,
  cartTotalOre,
  itemCount,
  productLineKey,
  saleItems,
} from "../stall-cart";
import { type BuyerDraft, BuyerFields, buyerOf, EMPTY_BUYER } from "./buyer-fields";
import { CartPanel, codesPending } from "./cart-panel";
import { FreeAmountSheet } from "./free-amount-sheet";
import { MarketHeaderMenu, OpenMarketLine } from "./market-header-menu";
import { useMarketKr } from "./market-kr";
import { MarketSheet } from "./market-sheet";
import { PaySheet } from "./pay-sheet";
import { ProductGrid } from "./product-grid";
import { MarketHeaderStatus } from "./slots";
import type { StallCodes } from "./stall-quote";
import { useCodesPricing } from "./use-codes-pricing";
import { useOnline } from "./use-online";
import { useStallCart } from "./use-stall-cart";
import { type StockShortage, useStallSale } from "./use-stall-sale";

export const marketCatalogueKey = (storeId: string) => ["market-catalogue", storeId] as const;

const NO_CODES: StallCodes = { discountCode: "", giftCardCode: "" };

/** /stores/{id}/market: the market stall on the seller's phone (decision 0077). */
export function MarketScreen({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const catalogue = useQuery({
    queryKey: marketCatalogueKey(storeId),
    queryFn: () => loadMarketCatalogue(storeId),
    // Asked offline too: loadMarketCatalogue answers from the phone then (a paused query would spin forever).
    networkMode: "always",
  });
  // Installable, and opens offline next time (src/web/features/market/offline/service-worker.ts).
  useEffect(() => registerMarketServiceWorker(storeId), [storeId]);
  if (catalogue.isPending) return <PageSpinner label={t("common.loading")} />;
  if (catalogue.isError) {
    return (
      <div className="p-6">
        <LoadFailed onRetry={() => void catalogue.refetch()} />
      </div>
    );
  }
  return <MarketStall catalogue={catalogue.data} />;
}

function MarketStall({ catalogue }: { catalogue: MarketCatalogue }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const queryClient = useQueryClient();
  const storeId = catalogue.storeId;
  const online = useOnline();
  const { cart, update, clear } = useStallCart(storeId);
  const [codes, setCodes] = useState<StallCodes>(NO_CODES);
  const [buyerDraft, setBuyerDraft] = useState<BuyerDraft>(EMPTY_BUYER);
  // A store whose stall sales are full sales documents names the buyer before payment (decision 0077).
  const buyer = catalogue.fullDocuments ? buyerOf(buyerDraft) : undefined;
  // A copy kept on the phone from before markets were named has none.
  const openMarket = catalogue.openMarket ?? null;
  const pricing = useCodesPricing(storeId, cart, codes);
  const [cartOpen, setCartOpen] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const [otherOpen, setOtherOpen] = useState(false);
  // What the server said is left, over the catalogue's count, until the catalogue is read again.
  const [stockLeft, setStockLeft] = useState<Record<string, number>>({});
  const [shortage, setShortage] = useState<StockShortage | null>(null);

  const stockOf = useCallback(
    (productId: string, variantId: string | null, counted: number | null) =>
      stockLeft[productLineKey(productId, variantId)] ?? counted,
    [stockLeft],
  );

  const sale = useStallSale(storeId, {
    onShortage: (found) => {
      setShortage(found);
      setStockLeft((current) => ({
        ...current,
        [productLineKey(found.productId, found.variantId)]: found.stockQty,
      }));
      update((current) => applyStockLeft(current, found));
      // Back to the cart, where the seller sees the line the server named and fixes it.
      setPayOpen(false);
      setCartOpen(true);
    },
    onSettled: () => {
      setStockLeft({});
      setShortage(null);
      void queryClient.invalidateQueries({ queryKey: marketCatalogueKey(storeId) });
    },
  });

  // Vipps answered while the seller had closed the sheet: "Paid" (or why not) comes up by itself.
  const settledStep = sale.state.step === "paid" || sale.state.step === "failed" ? sale.state.step : null;
  useEffect(() => {
    if (settledStep) {
      setCartOpen(false);
      setPayOpen(true);
    }
  }, [settledStep]);

  const subtotalOre = cartTotalOre(cart);
  const dueOre = codesPending(codes, pricing)
    ? null
    : pricing.kind === "quoted"
      ? toOre(pricing.quote.total)
      : subtotalOre;
  const count = itemCount(cart);
  const busy = sale.state.step !== "idle";
  const canCharge =
    cart.lines.length > 0 &&
    pricing.kind !== "checking" &&
    pricing.kind !== "refused" &&
    (!catalogue.fullDocuments || buyer !== undefined);

  function add(item: MarketCatalogueItem, variantId: string | null) {
    const result = addProduct(cart, item, variantId);
    if (result.added) {
      update(() => result.cart);
      if (shortage?.productId === item.productId) setShortage(null);
      return;
    }
    toast({
      title: t(`market.cart.refused.${result.reason}`, { title: item.title }),
      variant: "destructive",
    });
  }

  function charge() {
    sale.setError(null);
    setCartOpen(false);
    setPayOpen(true);
  }

  function newSale() {
    clear();
    setCodes(NO_CODES);
    setBuyerDraft(EMPTY_BUYER);
    sale.reset();
    setPayOpen(false);
  }

  const items = useMemo(() => catalogue.items, [catalogue.items]);
  const chargeLabel = cart.lines.length
    ? t("market.pay.charge", { amount: kr(dueOre ?? subtotalOre) })
    : t("market.pay.chargeEmpty");
  const waitingForVipps = sale.state.step === "waiting";

  const cartPanel = (
    <>
      <CartPanel
        cart={cart}
        onChange={update}
        codes={codes}
        onCodes={setCodes}
        pricing={pricing}
        shortage={shortage}
      />
      {catalogue.fullDocuments && cart.lines.length > 0 && (
        <div className="mt-4">
          <BuyerFields value={buyerDraft} onChange={setBuyerDraft} />
        </div>
      )}
    </>
  );
  const chargeButton = (className?: string) => (
    <Button
      className={cn("h-14 rounded-xl text-base font-semibold", className)}
      disabled={!canCharge && !busy}
      onClick={charge}
    >
      {waitingForVipps ? t("market.vipps.waitingShort") : chargeLabel}
    </Button>
  );

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PageTitle title={t("market.pageTitle", { store: catalogue.storeName })} />
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-2 sm:px-4">
          <Link
            to={`/stores/${storeId}`}
            aria-label={t("market.backToStore", { store: catalogue.storeName })}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold leading-tight">{catalogue.storeName}</h1>
            <p className="text-xs text-muted-foreground">{t("market.title")}</p>
          </div>
          <MarketHeaderStatus storeId={storeId} />
          <MarketHeaderMenu storeId={storeId} />
        </div>
      </header>

      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-6 px-3 pt-3 pb-28 sm:px-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:pb-6">
        <main id="main" tabIndex={-1} className="space-y-4 outline-none">
          <OpenMarketLine storeId={storeId} market={openMarket} />
          <MarketConflicts storeId={storeId} />
          <ProductGrid
            items={items}
            cart={cart}
            stockOf={stockOf}
            flagged={shortage?.productId ?? null}
            onAdd={add}
            onOther={() => setOtherOpen(true)}
          />
        </main>
        <aside
          aria-label={t("market.cart.title")}
          className="sticky top-[4.5rem] hidden max-h-[calc(100dvh-5.5rem)] flex-col overflow-hidden rounded-2xl border bg-card lg:flex"
        >
          <h2 className="border-b px-4 py-3 font-semibold">
            {t("market.cart.title")}
            {count > 0 && <span className="ml-2 text-muted-foreground">({count})</span>}
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-2">{cartPanel}</div>
          <div className="border-t p-4">{chargeButton("w-full")}</div>
        </aside>
      </div>

      {/* The phone's bottom bar: the cart and the charge button under the thumb. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 px-3 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-xl gap-2">
          <button
            type="button"
            onClick={() => setCartOpen(true)}
            aria-label={t("market.cart.open", { count })}
            className="relative inline-flex h-14 min-w-16 items-center justify-center gap-1 rounded-xl border bg-card px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ShoppingBasket aria-hidden="true" className="size-6" />
            <ChevronUp aria-hidden="true" className="size-4 text-muted-foreground" />
            {count > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-2 -right-2 flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-6 font-bold text-primary-foreground tabular-nums"
              >
                {count}
              </span>
            )}
          </button>
          {chargeButton("flex-1")}
        </div>
      </div>

      <MarketSheet
        open={cartOpen}
        onOpenChange={setCartOpen}
        title={count > 0 ? `${t("market.cart.title")} (${count})` : t("market.cart.title")}
        footer={chargeButton("w-full")}
      >
        {cartPanel}
      </MarketSheet>
      <PaySheet
        open={payOpen}
        onOpenChange={setPayOpen}
        state={sale.state}
        error={sale.error}
        dueOre={dueOre}
        subtotalOre={subtotalOre}
        vippsAvailable={catalogue.vippsAvailable}
        online={online}
        onConfirm={(payment, expected) =>
          void sale.confirm(
            {
              items: saleItems(cart, t("market.other.title")),
              discountCode: codes.discountCode.trim() || undefined,
              giftCardCode: codes.giftCardCode.trim() || undefined,
              buyer,
              sessionId: openMarket?.id,
            },
            payment,
            expected,
          )
        }
        onRetryVipps={(vippsSale, method) => void sale.retryVipps(vippsSale, method)}
        onSwitchMethod={sale.switchMethod}
        onCancelPayment={(vippsSale) => void sale.cancelPayment(vippsSale)}
        onNewSale={newSale}
      />
      <FreeAmountSheet
        open={otherOpen}
        onOpenChange={setOtherOpen}
        onAdd={(amount, title) => {
          const next = addFreeAmount(cart, amount, title, () => crypto.randomUUID());
          if (next) update(() => next);
          else toast({ title: t("market.cart.refused.tooManyLines"), variant: "destructive" });
          setOtherOpen(false);
        }}
      />
    </div>
  );
}
