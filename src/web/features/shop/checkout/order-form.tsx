import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef } from "react";
import { carrierServiceOf } from "../../../../shared/carrier-choice";
import { type DeliveryOptionView, deliveryPrice } from "../../../../shared/delivery";
import { fromOre, toOre } from "../../../../shared/money";
import { checkoutFormSchema } from "../../../../shared/order";
import type { ShippingOption } from "../../../../shared/shipping";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import type { PlacedOrder } from "../api";
import { cartTotal, useCart } from "../cart/cart";
import { CartNotice } from "../cart/cart-notice";
import type { CartNotes } from "../components/shop-context";
import { CarrierDeliveryFields } from "./carrier-delivery-fields";
import { NothingToOrder } from "./confirmation";
import { ContactFields } from "./contact-fields";
import { DeliveryFields } from "./delivery-fields";
import { OrderSummary } from "./order-summary";
import { PaymentChoice } from "./payment-choice";
import { PriceCodeField } from "./price-code-field";
import { paidByGiftCard } from "./price-codes";
import { TermsAcceptance } from "./terms-acceptance";
import { useCarrierShipping } from "./use-carrier-shipping";
import { useCheckoutForm } from "./use-checkout-form";
import { usePaymentMethods } from "./use-payment-methods";
import { usePlaceOrder } from "./use-place-order";
import { usePriceCodes } from "./use-price-codes";

interface OrderFormProps {
  notes: CartNotes | null;
  options: DeliveryOptionView[];
  /** The store ships with Bring (decision 0079): its services are listed for the postcode typed. */
  shipsWithBring: boolean;
  storeSlug: string;
  /** The store's terms page, linked beside the box that accepts them. */
  termsPath: string;
  onPlaced: (order: PlacedOrder, storeName: string | null) => void;
}

export function OrderForm({
  notes,
  options,
  shipsWithBring,
  storeSlug,
  termsPath,
  onPlaced,
}: OrderFormProps) {
  const { t } = useTranslation();
  const kr = useKr();
  const cart = useCart();
  const carrierServices = useRef<ShippingOption[]>([]);
  const form = useCheckoutForm(options, storeSlug, shipsWithBring ? carrierServices : undefined);
  const deliveryOptionId = form.watch("deliveryOptionId");
  const postcode = form.watch("post");
  const chosenService = carrierServiceOf(deliveryOptionId);
  const listedService = carrierServices.current.find((option) => option.service === chosenService);
  const carrierShipping = useCarrierShipping({
    enabled: shipsWithBring,
    storeId: cart.storeId,
    items: cart.items,
    postcode,
    wantsPoints: listedService?.pickup ?? false,
  });
  carrierServices.current =
    carrierShipping.options.state === "ready" ? carrierShipping.options.value.options : [];
  const chosenCarrier = carrierServices.current.find((option) => option.service === chosenService);

  const {
    methods,
    method: chosenMethod,
    setMethod,
    holdMinutes,
    textCountries,
  } = usePaymentMethods(cart.storeId);

  const typedEmail = form.watch("buyerEmail");
  const priceCodes = usePriceCodes({
    storeSlug,
    storeId: cart.storeId,
    items: cart.items,
    deliveryOptionId: chosenService ? undefined : deliveryOptionId,
    shipping:
      chosenCarrier && postcode ? { service: chosenCarrier.service, postalCode: postcode } : undefined,
    // With a valid e-mail, a code that is one per shopper is checked before the order is placed.
    buyerEmail: checkoutFormSchema.shape.buyerEmail.safeParse(typedEmail).success ? typedEmail : undefined,
  });
  const { quote } = priceCodes;
  // A gift card that pays it all leaves nothing to pay online: no payment to choose.
  const paidInFull = paidByGiftCard(quote);
  const method = paidInFull ? undefined : chosenMethod;

  const { submit, pending, redirecting } = usePlaceOrder({
    form,
    options,
    carrierServices: carrierServices.current,
    onShippingRefused: carrierShipping.retry,
    storeSlug,
    method,
    codes: priceCodes.codes,
    onRefused: priceCodes.recheck,
    onPlaced,
  });

  const linesTotal = cartTotal(cart);
  const flat = options.find((option) => option.id === deliveryOptionId);
  // A carrier's service shows as a delivery like a flat one: its name and its price for this cart.
  const chosen: DeliveryOptionView | undefined =
    flat ??
    (chosenCarrier && {
      id: `${deliveryOptionId}`,
      name: chosenCarrier.name,
      kind: "parcel",
      price: chosenCarrier.price,
      freeAbove: null,
      note: null,
    });
  const shippingPrice = flat ? deliveryPrice(flat, linesTotal) : (chosenCarrier?.price ?? null);
  const total = kr(
    quote ? quote.total : fromOre(toOre(linesTotal) + (shippingPrice ? toOre(shippingPrice) : 0)),
  );

  // Nothing left to order (the last piece went to someone else a moment ago): no "Place Order · 0 kr".
  if (cart.items.length === 0 && !redirecting) return <NothingToOrder notes={notes} />;

  return (
    <>
      <header className="px-5 pt-5 pb-3 pr-16 sm:px-6 sm:pt-6">
        <DialogPrimitive.Title className="text-xl font-semibold tracking-tight">
          {t("checkout.title")}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
          {t("checkout.subtitle")}
        </DialogPrimitive.Description>
      </header>
      <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 space-y-5 overflow-y-auto overscroll-contain px-5 pb-5 sm:px-6">
          <CartNotice notes={notes} />
          <OrderSummary
            options={shipsWithBring && chosen && options.length === 0 ? [chosen] : options}
            chosen={chosen}
            linesTotal={linesTotal}
            shippingPrice={shippingPrice}
            total={total}
            quote={quote}
            checking={priceCodes.checking}
          />
          <PriceCodeField priceCodes={priceCodes} />

          {shipsWithBring ? (
            <CarrierDeliveryFields
              form={form}
              options={options}
              shipping={carrierShipping}
              linesTotal={linesTotal}
              needs={
                chosenCarrier
                  ? chosenCarrier.pickup
                    ? "point"
                    : "address"
                  : flat?.kind === "parcel"
                    ? "address"
                    : "nothing"
              }
            />
          ) : (
            options.length > 0 && <DeliveryFields options={options} form={form} linesTotal={linesTotal} />
          )}

          <ContactFields
            form={form}
            withAddress={options.length === 0 && !shipsWithBring}
            textCountries={textCountries}
          />
          {methods.length > 0 && method && (
            <PaymentChoice methods={methods} value={method} onChange={setMethod} holdMinutes={holdMinutes} />
          )}

          <TermsAcceptance form={form} termsPath={termsPath} />
        </div>
        {/*
          The note sits with the button it explains, so it is read before ordering; at the end of the
          scrolling form it was half hidden under this bar on a laptop screen.
        */}
        <div className="grid gap-3 border-t px-5 pt-3 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-6 sm:pb-6">
          {paidInFull ? (
            <p className="text-center text-xs text-pretty text-muted-foreground sm:text-sm">
              {t("priceCodes.paidInFullNote")}
            </p>
          ) : method ? (
            <p className="text-center text-xs text-pretty text-muted-foreground sm:text-sm">
              {t("checkout.payNote")}
            </p>
          ) : (
            cart.storeName && (
              <p className="text-center text-xs text-pretty text-muted-foreground sm:text-sm">
                {t("checkout.paymentNote", { store: cart.storeName })}
              </p>
            )
          )}
          <Button
            type="submit"
            size="lg"
            className="h-12 w-full text-base aria-disabled:opacity-75"
            aria-disabled={pending || redirecting}
          >
            {(pending || redirecting) && <Spinner />}
            {redirecting
              ? t("checkout.redirecting")
              : pending
                ? t("checkout.placing")
                : method
                  ? t("checkout.submitPay", { total })
                  : t("checkout.submit", { total })}
          </Button>
        </div>
      </form>
    </>
  );
}
