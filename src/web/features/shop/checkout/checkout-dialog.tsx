import { zodResolver } from "@hookform/resolvers/zod";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { type DeliveryOptionView, deliveryPrice } from "../../../../shared/delivery";
import { formatKrExact, fromOre, toOre } from "../../../../shared/money";
import { type CheckoutFormFor, checkoutFormSchemaFor, shortOrderId } from "../../../../shared/order";
import type { PaymentProvider } from "../../../../shared/payment";
import { phoneCountry } from "../../../../shared/phone";
import { Button } from "../../../components/ui/button";
import { closesOnEscape } from "../../../components/ui/escape-close";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { shownLineTotal, shownTotal, useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import {
  fetchPaymentMethods,
  type PlacedOrder,
  type PlaceOrderBody,
  placeOrder,
  refusedProductId,
  refusedStock,
} from "../api";
import { cartStore, cartTotal, itemCount, lineTitle, lineTotal, useCart } from "../cart/cart";
import { CartNotice } from "../cart/cart-notice";
import { CircleCheck, X } from "../components/icons";
import type { CartNotes } from "../components/shop-context";
import { rememberUnpaidOrder } from "../order/unpaid-order";
import { clearCheckoutDraft, DRAFT_FIELDS, readCheckoutDraft, saveCheckoutDraft } from "./checkout-draft";
import { DeliveryFields, useDeliveryPriceText } from "./delivery-fields";
import { PaymentChoice } from "./payment-choice";

/** A fresh key per checkout attempt; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** The fields of the form a server's 400 can name (`issues[].path`): shown next to them, not in a toast. */
const SERVER_CHECKED_FIELDS = ["shipToName", "buyerEmail", "shipToPhone"] as const;

function fieldIssues(err: unknown): { path: (typeof SERVER_CHECKED_FIELDS)[number]; message: string }[] {
  if (!(err instanceof ApiError) || err.status !== 400) return [];
  try {
    const parsed = JSON.parse(err.body) as { issues?: unknown };
    if (!Array.isArray(parsed.issues)) return [];
    return parsed.issues.flatMap((issue: { path?: unknown; message?: unknown }) =>
      SERVER_CHECKED_FIELDS.includes(issue.path as never) && typeof issue.message === "string"
        ? [{ path: issue.path as (typeof SERVER_CHECKED_FIELDS)[number], message: issue.message }]
        : [],
    );
  } catch {
    return [];
  }
}

/** "Norway, Sweden or Denmark" in the reader's language, from ISO codes. */
function countryList(codes: readonly string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: "region" });
  return new Intl.ListFormat(language, { type: "disjunction" }).format(
    codes.map((code) => names.of(code) ?? code),
  );
}

/**
 * The form opens with focus in its first field, not on the close button (Radix's first focusable), where
 * a shopper starting to type their name with a space would close the dialog.
 */
function focusFirstField(event: Event) {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("input, textarea");
  if (!field) return;
  event.preventDefault();
  field.focus();
}

interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notes: CartNotes | null;
  /** After an order placed on a product page, "Continue Shopping" goes back to the store. */
  storePath?: string;
  /** The store whose delivery options are offered and whose terms of sale are linked. */
  storeSlug: string;
  /** Read by the frame before opening (decision 0036); "failed" when they could not be. */
  deliveryOptions: DeliveryOptionView[] | "failed";
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * "Complete Your Order" (docs/product-spec.md 2.12 and 5): its own chunk, with react-hook-form and the shared zod schema.
 * Mounted afresh for every checkout, so the confirmation of the last order stays until it is closed.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  notes,
  storePath,
  storeSlug,
  deliveryOptions: options,
  onCloseAutoFocus,
}: CheckoutDialogProps) {
  const { t } = useTranslation();
  const [placed, setPlaced] = useState<{ order: PlacedOrder; storeName: string | null } | null>(null);

  const finish = () => {
    onOpenChange(false);
    if (storePath && window.location.pathname !== storePath) window.location.assign(storePath);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/45 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "torg-sheet torg-sheet--center fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col rounded-t-3xl border-t bg-popover text-popover-foreground shadow-2xl outline-none",
            "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[min(92dvh,54rem)] sm:w-[min(34rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border",
          )}
        >
          <DialogPrimitive.Close
            {...closesOnEscape}
            className="absolute top-3 right-3 z-10 flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t("checkout.close")}</span>
          </DialogPrimitive.Close>
          {placed ? (
            <Confirmation order={placed.order} storeName={placed.storeName} onDone={finish} />
          ) : options === "failed" ? (
            <div className="grid min-h-48 place-items-center px-6 py-10 text-center">
              <DialogPrimitive.Title className="sr-only">{t("checkout.title")}</DialogPrimitive.Title>
              <p role="alert" className="text-sm text-pretty text-muted-foreground">
                {t("checkout.deliveryFailed")}
              </p>
            </div>
          ) : (
            <OrderForm
              notes={notes}
              options={options}
              storeSlug={storeSlug}
              onPlaced={(order, storeName) => setPlaced({ order, storeName })}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

interface Attempt {
  /** The request this key was made for; any change to it (cart or form) is a new attempt. */
  body: string;
  key: string;
}

interface OrderFormProps {
  notes: CartNotes | null;
  options: DeliveryOptionView[];
  storeSlug: string;
  onPlaced: (order: PlacedOrder, storeName: string | null) => void;
}

function OrderForm({ notes, options, storeSlug, onPlaced }: OrderFormProps) {
  const { t, language } = useTranslation();
  const kr = useKr();
  const cart = useCart();
  const attempt = useRef<Attempt | null>(null);
  const priceText = useDeliveryPriceText();
  // What she typed before a reload, in this tab (checkout-draft.ts); a remembered option only if the
  // store still has it.
  const [draft] = useState(readCheckoutDraft);
  const rememberedOption = options.find((option) => option.id === draft.delivery[storeSlug])?.id;
  const form = useForm<CheckoutFormFor>({
    resolver: zodResolver(checkoutFormSchemaFor(options)),
    defaultValues: {
      shipToName: draft.fields.shipToName ?? "",
      buyerEmail: draft.fields.buyerEmail ?? "",
      shipToPhone: draft.fields.shipToPhone ?? "",
      address: draft.fields.address ?? "",
      // The one option there is needs no choosing.
      deliveryOptionId: rememberedOption ?? (options.length === 1 ? options[0]?.id : undefined),
      street: draft.fields.street ?? "",
      post: draft.fields.post ?? "",
      city: draft.fields.city ?? "",
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && name !== "deliveryOptionId" && !DRAFT_FIELDS.includes(name as never)) return;
      saveCheckoutDraft(storeSlug, values);
    });
    return () => subscription.unsubscribe();
  }, [form, storeSlug]);

  // One order at a time, however fast the button is pressed (decision 0061); the idempotency key below
  // makes a repeat the same order anyway.
  const { pending, submit: submitOnce } = useSubmission();
  const [redirecting, setRedirecting] = useState(false);
  // The store's live payment channels (decision 0034); none: the seller collects by hand, as before.
  const [methods, setMethods] = useState<PaymentProvider[]>([]);
  const [method, setMethod] = useState<PaymentProvider | undefined>(undefined);
  const [holdMinutes, setHoldMinutes] = useState<number | undefined>(undefined);
  // The countries whose numbers get texts (SMS_ALLOWED_COUNTRIES, decision 0068); unknown until read.
  const [textCountries, setTextCountries] = useState<string[] | undefined>(undefined);
  const storeId = cart.storeId;
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

  const send = async (body: PlaceOrderBody, key: string) => {
    try {
      const order = await placeOrder(body, key);
      const { storeName } = cartStore.get();
      attempt.current = null;
      cartStore.clear();
      clearCheckoutDraft();
      // Paying online: straight on to the provider's page, which brings the shopper back to their order page.
      if (order.payment?.redirectUrl) {
        setRedirecting(true);
        // Coming back without paying, the shop leads her to this order (decision 0063).
        if (order.publicUrl) rememberUnpaidOrder(storeSlug, order.publicUrl);
        window.location.assign(order.payment.redirectUrl);
        return;
      }
      if (!order.payment)
        toast({
          title: t("checkout.successTitle"),
          // A number Torg does not text gets its confirmation by e-mail only (decision 0068).
          description:
            order.smsConfirmation === false ? t("checkout.successTextEmail") : t("checkout.successText"),
        });
      onPlaced(order, storeName);
    } catch (err) {
      // A field the server refused (a premium-rate phone, say) is marked where it is typed.
      const issues = fieldIssues(err);
      if (issues.length > 0) {
        for (const issue of issues) form.setError(issue.path, { type: "server", message: issue.message });
        form.setFocus(issues[0]?.path as FieldPath<CheckoutFormFor>);
        return;
      }
      const message =
        err instanceof ApiError ? errorMessage(err, t("checkout.tryLater")) : t("checkout.networkError");
      // Sold out, or fewer left than asked (decision 0032): the cart keeps what is left of that line.
      const stock = refusedStock(err);
      const productId = stock ? undefined : refusedProductId(err);
      if (stock) cartStore.applyStockRefusal(stock);
      else if (productId) cartStore.removeProduct(productId);
      toast({
        variant: "destructive",
        title: t("checkout.errorTitle"),
        description: stock
          ? `${message}. ${t("stock.cartUpdated")}`
          : productId
            ? `${message}. ${t("checkout.removedFromCart")}`
            : message,
      });
    }
  };

  const submit = form.handleSubmit((values) => {
    if (redirecting) return;
    const current = cartStore.get();
    if (!current.storeId || current.items.length === 0) {
      toast({
        variant: "destructive",
        title: t("checkout.errorTitle"),
        description: t("errors.cannotPlaceOrder"),
      });
      return;
    }
    const option = options.find((candidate) => candidate.id === values.deliveryOptionId);
    const body: PlaceOrderBody = {
      storeId: current.storeId,
      buyerEmail: values.buyerEmail,
      shipToName: values.shipToName,
      shipToPhone: values.shipToPhone,
      ...(option ? { deliveryOptionId: option.id } : {}),
      shipToAddr:
        option?.kind === "parcel"
          ? { street: values.street ?? "", post: values.post ?? "", city: values.city ?? "" }
          : !option && values.address
            ? { address: values.address }
            : null,
      items: current.items.map((item) => ({
        productId: item.productId,
        qty: item.quantity,
        variantId: item.variantId,
      })),
      ...(method ? { paymentProvider: method } : {}),
    };
    const signature = JSON.stringify(body);
    // The same request again (a retry after a lost answer) keeps its key, so it cannot order twice.
    if (attempt.current?.body !== signature) attempt.current = { body: signature, key: newIdempotencyKey() };
    const key = attempt.current.key;
    void submitOnce(() => send(body, key));
  });

  const typedPhone = form.watch("shipToPhone");
  const typedCountry = typedPhone ? phoneCountry(typedPhone) : undefined;
  const noTexts = Boolean(textCountries && typedCountry && !textCountries.includes(typedCountry));
  const linesTotal = cartTotal(cart);
  const chosen = options.find((option) => option.id === form.watch("deliveryOptionId"));
  const shippingPrice = chosen ? deliveryPrice(chosen, linesTotal) : null;
  const total = kr(fromOre(toOre(linesTotal) + (shippingPrice ? toOre(shippingPrice) : 0)));

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
          <section aria-labelledby="checkout-summary" className="rounded-2xl bg-muted/70 p-4">
            <h3
              id="checkout-summary"
              className="mb-2 flex items-baseline justify-between text-sm font-medium"
            >
              <span>{t("checkout.summary")}</span>
              <span className="font-normal text-muted-foreground">
                {t("checkout.itemCount", { count: itemCount(cart) })}
              </span>
            </h3>
            {/*
              One column that may be narrower than a title's one line (grid-cols-1 is minmax(0, 1fr)): an
              implicit column grew to the whole title, and pushed the line's price off a phone's screen.
            */}
            <ul className="grid grid-cols-1 gap-1.5 text-sm">
              {cart.items.map((item) => (
                <li key={`${item.productId}:${item.variantId ?? ""}`} className="flex min-w-0 gap-3">
                  <span className="min-w-0 flex-1 truncate">
                    <span className="tabular-nums text-muted-foreground">{item.quantity} × </span>
                    {lineTitle(item)}
                  </span>
                  <span className="shrink-0 tabular-nums">{kr(lineTotal(item))}</span>
                </li>
              ))}
            </ul>
            {options.length > 0 && (
              <dl className="mt-3 grid gap-1 border-t border-foreground/10 pt-3 text-sm">
                <div className="flex justify-between gap-3">
                  <dt>{t("checkout.subtotal")}</dt>
                  <dd className="tabular-nums">{kr(linesTotal)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="min-w-0 break-words">{chosen ? chosen.name : t("checkout.deliveryCost")}</dt>
                  <dd className="shrink-0 tabular-nums">
                    {shippingPrice === null ? "–" : priceText(shippingPrice)}
                  </dd>
                </div>
              </dl>
            )}
            <div className="mt-3 flex items-baseline justify-between border-t border-foreground/10 pt-3">
              <span className="font-medium">{t("cart.total")}</span>
              <span className="text-lg font-semibold tabular-nums">{total}</span>
            </div>
          </section>

          {options.length > 0 && <DeliveryFields options={options} form={form} linesTotal={linesTotal} />}

          <fieldset className="grid gap-4">
            <legend className="sr-only">{t("checkout.contactDetails")}</legend>
            <FormField label={t("checkout.name")} error={errors.shipToName?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("shipToName")}
                  autoComplete="name"
                  className="h-12 sm:h-11"
                />
              )}
            </FormField>
            <FormField label={t("checkout.email")} error={errors.buyerEmail?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("buyerEmail")}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={t("checkout.emailPlaceholder")}
                  className="h-12 sm:h-11"
                />
              )}
            </FormField>
            <FormField
              label={t("checkout.phone")}
              error={errors.shipToPhone?.message}
              hint={
                errors.shipToPhone
                  ? undefined
                  : noTexts && textCountries
                    ? t("checkout.phoneHintEmail", { countries: countryList(textCountries, language) })
                    : t("checkout.phoneHint")
              }
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("shipToPhone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+47 912 34 567"
                  className="h-12 sm:h-11"
                />
              )}
            </FormField>
            {options.length === 0 && (
              <FormField label={t("checkout.address")} error={errors.address?.message}>
                {(control) => (
                  <textarea
                    {...control}
                    {...form.register("address")}
                    rows={2}
                    autoComplete="street-address"
                    placeholder={t("checkout.addressPlaceholder")}
                    className="w-full min-w-0 resize-none rounded-md border border-input bg-card px-3 py-2.5 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-error sm:text-sm"
                  />
                )}
              </FormField>
            )}
          </fieldset>
          {methods.length > 0 && method && (
            <PaymentChoice methods={methods} value={method} onChange={setMethod} holdMinutes={holdMinutes} />
          )}

          <div className="grid gap-1.5">
            <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
              <input
                type="checkbox"
                {...form.register("acceptTerms")}
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? "accept-terms-error" : undefined}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <span>{t("checkout.acceptTerms")}</span>
            </label>
            <a
              href={`/s/${storeSlug}/terms`}
              target="_blank"
              rel="noopener"
              className="ml-8 text-sm font-medium text-primary underline underline-offset-4"
            >
              {t("checkout.termsLink")}
            </a>
            {errors.acceptTerms?.message && (
              <p id="accept-terms-error" className="ml-8 text-sm font-medium text-error">
                {t(errors.acceptTerms.message)}
              </p>
            )}
          </div>
        </div>
        {/*
          The note sits with the button it explains, so it is read before ordering; at the end of the
          scrolling form it was half hidden under this bar on a laptop screen.
        */}
        <div className="grid gap-3 border-t px-5 pt-3 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-6 sm:pb-6">
          {method ? (
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

/** The checkout of a cart that has emptied while it was open, with the notice that says why. */
function NothingToOrder({ notes }: { notes: CartNotes | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="px-5 pt-5 pb-3 pr-16 sm:px-6 sm:pt-6">
        <DialogPrimitive.Title className="text-xl font-semibold tracking-tight">
          {t("checkout.title")}
        </DialogPrimitive.Title>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 pb-5 sm:px-6">
        <CartNotice notes={notes} />
        <div role="status" className="rounded-2xl bg-muted/70 p-5 text-center">
          <p className="font-medium">{t("cart.empty")}</p>
          <DialogPrimitive.Description className="mt-1 text-sm text-pretty text-muted-foreground">
            {t("checkout.nothingToOrder")}
          </DialogPrimitive.Description>
        </div>
      </div>
      <div className="border-t px-5 pt-3 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-6 sm:pb-6">
        <DialogPrimitive.Close asChild>
          <Button size="lg" className="h-12 w-full text-base">
            {t("cart.continueShopping")}
          </Button>
        </DialogPrimitive.Close>
      </div>
    </div>
  );
}

interface ConfirmationProps {
  order: PlacedOrder;
  storeName: string | null;
  onDone: () => void;
}

function Confirmation({ order, storeName, onDone }: ConfirmationProps) {
  const { t, language } = useTranslation();
  const kr = useKr();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-8 pb-5 text-center sm:px-8">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent text-primary">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <DialogPrimitive.Title className="mt-4 text-2xl font-semibold tracking-tight">
          {order.payment ? t("checkout.savedTitle") : t("checkout.confirmedTitle")}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="mx-auto mt-2 max-w-sm text-balance text-muted-foreground">
          {order.payment?.message ??
            (order.smsConfirmation === false
              ? storeName
                ? t("checkout.confirmedTextEmail", { store: storeName })
                : t("checkout.successTextEmail")
              : storeName
                ? t("checkout.confirmedText", { store: storeName })
                : t("checkout.successText"))}
        </DialogPrimitive.Description>
        {order.payment && order.publicUrl && (
          <p className="mt-4">
            <a
              href={order.publicUrl}
              className="font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t("checkout.openOrderPage")}
            </a>
          </p>
        )}
        <p className="mt-4 inline-flex items-center gap-2 rounded-full border bg-card px-4 py-1.5 text-sm">
          {t("checkout.orderNumber")}
          <span className="font-mono font-semibold tracking-wide">{shortOrderId(order.id)}</span>
        </p>
        <ul className="mt-6 grid gap-2 rounded-2xl bg-muted/70 p-4 text-left text-sm">
          {order.items.map((item) => (
            <li key={`${item.title}:${item.unitPrice}:${item.qty}`} className="flex gap-3">
              <span className="min-w-0 flex-1">
                <span className="tabular-nums text-muted-foreground">{item.qty} × </span>
                {item.variantLabel ? `${item.title} (${item.variantLabel})` : item.title}
              </span>
              <span className="tabular-nums">{kr(shownLineTotal(item.unitPrice, item.qty))}</span>
            </li>
          ))}
          {order.delivery && (
            <li className="flex gap-3">
              <span className="min-w-0 flex-1">{order.delivery.name}</span>
              <span className="tabular-nums">
                {Number(order.delivery.price) === 0 ? t("checkout.free") : kr(order.delivery.price)}
              </span>
            </li>
          )}
          <li className="mt-1 flex items-baseline justify-between border-t border-foreground/10 pt-3">
            <span className="font-medium">{t("cart.total")}</span>
            <span className="text-lg font-semibold tabular-nums">
              {kr(fromOre(toOre(shownTotal(order.items)) + toOre(order.delivery?.price ?? "0")))}
            </span>
          </li>
          {order.vat.map((vat) => (
            <li key={vat.rate} className="text-right text-xs text-muted-foreground">
              {t("checkout.vatIncluded", {
                amount: `${formatKrExact(vat.amount, language)} (${vat.rate} %)`,
              })}
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2 border-t px-5 pt-4 pb-[max(env(safe-area-inset-bottom),1.25rem)] sm:px-8 sm:pb-6">
        {order.publicUrl && (
          // The shopper's own order page (decision 0026): status, receipt and the withdrawal.
          <Button asChild size="lg" variant="outline" className="h-12 w-full text-base">
            <a href={new URL(order.publicUrl, window.location.href).pathname}>{t("checkout.viewOrder")}</a>
          </Button>
        )}
        <Button size="lg" className="h-12 w-full text-base" onClick={onDone}>
          {t("cart.continueShopping")}
        </Button>
      </div>
    </div>
  );
}
