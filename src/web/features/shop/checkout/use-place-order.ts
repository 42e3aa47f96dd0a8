import { useRef, useState } from "react";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { carrierServiceOf } from "../../../../shared/carrier-choice";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import type { CheckoutFormFor } from "../../../../shared/order";
import type { PaymentProvider } from "../../../../shared/payment";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { type PlacedOrder, type PlaceOrderBody, placeOrder, refusedProductId, refusedStock } from "../api";
import { cartStore } from "../cart/cart";
import { rememberUnpaidOrder } from "../order/unpaid-order";
import { clearCheckoutDraft } from "./checkout-draft";
import { type AppliedCodes, hasCodes } from "./price-codes";

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

interface Attempt {
  /** The request this key was made for; any change to it (cart or form) is a new attempt. */
  body: string;
  key: string;
}

interface PlaceOrderOptions {
  form: UseFormReturn<CheckoutFormFor>;
  options: DeliveryOptionView[];
  /** The carrier's services listed (decision 0079): a pick-up service sends its point, not a street. */
  carrierServices: readonly { service: string; pickup: boolean }[];
  /** The carrier's price could not be had at placing: the delivery list asks again (and says why). */
  onShippingRefused: () => void;
  storeSlug: string;
  method: PaymentProvider | undefined;
  /** The discount and gift card codes applied: the server prices the order with them. */
  codes: AppliedCodes;
  /** The order was refused while codes were applied: the quote asks again and says if a code is why. */
  onRefused: () => void;
  onPlaced: (order: PlacedOrder, storeName: string | null) => void;
}

/**
 * Placing the order: one at a time, with an idempotency key per attempt; then on to the payment page, or
 * the confirmation; a refusal marks the field, or trims the cart, or says why in a toast.
 */
export function usePlaceOrder({
  form,
  options,
  carrierServices,
  onShippingRefused,
  storeSlug,
  method,
  codes,
  onRefused,
  onPlaced,
}: PlaceOrderOptions) {
  const { t } = useTranslation();
  const attempt = useRef<Attempt | null>(null);
  // One order at a time, however fast the button is pressed (decision 0061); the idempotency key below
  // makes a repeat the same order anyway.
  const { pending, submit: submitOnce } = useSubmission();
  const [redirecting, setRedirecting] = useState(false);

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
      // A code used up a moment ago (another shopper's order took its last use): the quote hears the
      // same refusal and shows it under the code field; everything typed stays.
      if (hasCodes(codes)) onRefused();
      // Bring stopped answering between the list and the order: the list shows the fallback.
      if (err instanceof ApiError && err.status === 503) onShippingRefused();
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
    const code = carrierServiceOf(values.deliveryOptionId);
    const carrier = carrierServices.find((service) => service.service === code);
    const parcelAddress = { street: values.street ?? "", post: values.post ?? "", city: values.city ?? "" };
    const body: PlaceOrderBody = {
      storeId: current.storeId,
      buyerEmail: values.buyerEmail,
      shipToName: values.shipToName,
      shipToPhone: values.shipToPhone,
      ...(option ? { deliveryOptionId: option.id } : {}),
      ...(carrier
        ? {
            shipping: carrier.pickup
              ? { service: carrier.service, pickupPointId: values.pickupPointId }
              : { service: carrier.service },
          }
        : {}),
      shipToAddr: carrier
        ? carrier.pickup
          ? { post: values.post ?? "" }
          : parcelAddress
        : option?.kind === "parcel"
          ? parcelAddress
          : !option && values.address
            ? { address: values.address }
            : null,
      items: current.items.map((item) => ({
        productId: item.productId,
        qty: item.quantity,
        variantId: item.variantId,
      })),
      ...(method ? { paymentProvider: method } : {}),
      ...codes,
    };
    const signature = JSON.stringify(body);
    // The same request again (a retry after a lost answer) keeps its key, so it cannot order twice.
    if (attempt.current?.body !== signature) attempt.current = { body: signature, key: newIdempotencyKey() };
    const key = attempt.current.key;
    void submitOnce(() => send(body, key));
  });

  return { submit, pending, redirecting };
}
