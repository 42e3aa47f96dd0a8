import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type GiftCardLine,
  type GiftCardSettings,
  giftCardAmountOffered,
  giftCardLineSchema,
} from "../../../../shared/gift-card";
import { type CheckoutFormFor, checkoutFormSchemaFor, type PlacedOrder } from "../../../../shared/order";
import { shopPath } from "../../../../shared/shop-address";
import type { PublicStore } from "../../../../shared/storefront";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { placeOrder } from "../api";
import { ContactFields } from "../checkout/contact-fields";
import { PaymentChoice } from "../checkout/payment-choice";
import { TermsAcceptance } from "../checkout/terms-acceptance";
import { usePaymentMethods } from "../checkout/use-payment-methods";
import { GiftFields, type GiftWish } from "./gift-fields";

const CUSTOM = "custom";
/** The contact fields of the checkout, without a delivery: a card needs none (decision 0076). */
const contactSchema = checkoutFormSchemaFor([]);

const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );

/**
 * Buying a card: an amount (one offered, or a free one within the limits), for oneself or as a gift, the
 * buyer's details and terms as at checkout, and the store's online payment when it has one. Placed as an
 * order with one gift card line; then on to the payment, or the confirmation.
 */
export function GiftCardPurchase({
  store,
  settings,
  onPlaced,
}: {
  store: PublicStore;
  settings: GiftCardSettings;
  onPlaced: (order: PlacedOrder) => void;
}) {
  const { t } = useTranslation();
  const kr = useKr();
  const customId = useId();
  const [choice, setChoice] = useState<string>(settings.amounts[0] ?? CUSTOM);
  const [custom, setCustom] = useState("");
  const [wish, setWish] = useState<GiftWish>({ gift: false, name: "", email: "", message: "", day: "" });
  const [lineErrors, setLineErrors] = useState<Partial<Record<"amount" | keyof GiftLineInput, string>>>({});
  const [pending, setPending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<CheckoutFormFor>({
    resolver: zodResolver(contactSchema),
    defaultValues: { shipToName: "", buyerEmail: "", shipToPhone: "", address: "", acceptTerms: false },
  });
  const { methods, method, setMethod, holdMinutes, textCountries } = usePaymentMethods(store.id);
  const allowsCustom = settings.customMin !== null && settings.customMax !== null;
  const amount = choice === CUSTOM ? custom.trim() : choice;

  const submit = form.handleSubmit(async (values) => {
    if (pending || redirecting) return;
    const line: GiftLineInput = {
      amount,
      ...(wish.gift
        ? {
            recipientName: wish.name.trim() || undefined,
            recipientEmail: wish.email.trim(),
            message: wish.message.trim() || undefined,
            sendAt: wish.day ? new Date(`${wish.day}T08:00:00`).toISOString() : undefined,
          }
        : {}),
    };
    const parsed = giftCardLineSchema.safeParse(line);
    const errors: typeof lineErrors = {};
    for (const issue of parsed.error?.issues ?? [])
      errors[issue.path[0] as keyof typeof errors] ??= t(issue.message);
    if (parsed.success && !giftCardAmountOffered(settings, parsed.data.amount))
      errors.amount = t("errors.giftCardsNotSold");
    setLineErrors(errors);
    if (!parsed.success || Object.keys(errors).length > 0) return;
    const body = {
      storeId: store.id,
      buyerEmail: values.buyerEmail,
      shipToName: values.shipToName,
      shipToPhone: values.shipToPhone,
      shipToAddr: null,
      items: [{ giftCard: parsed.data }],
      ...(method ? { paymentProvider: method } : {}),
    };
    const signature = JSON.stringify(body);
    if (attempt.current?.body !== signature) attempt.current = { body: signature, key: newKey() };
    setPending(true);
    try {
      const order = await placeOrder(body, attempt.current.key);
      if (order.payment?.redirectUrl) {
        setRedirecting(true);
        window.location.assign(order.payment.redirectUrl);
        return;
      }
      onPlaced(order);
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("checkout.errorTitle"),
        description:
          error instanceof ApiError
            ? errorMessage(error, t("checkout.tryLater"))
            : t("checkout.networkError"),
      });
    } finally {
      setPending(false);
    }
  });

  const shownAmount = amount && /^\d+([.,]\d{1,2})?$/.test(amount) ? kr(amount.replace(",", ".")) : null;
  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t("giftCardPage.amount")}</legend>
        <div className="flex flex-wrap gap-2">
          {[...settings.amounts, ...(allowsCustom ? [CUSTOM] : [])].map((option) => (
            <label
              key={option}
              className={cn(
                "flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 bg-card px-4 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                choice === option ? "border-primary" : "border-input",
              )}
            >
              <input
                type="radio"
                name="giftCardAmount"
                value={option}
                checked={choice === option}
                onChange={() => setChoice(option)}
                className="size-4 accent-primary"
              />
              {option === CUSTOM ? t("giftCardPage.otherAmount") : kr(option)}
            </label>
          ))}
        </div>
        {choice === CUSTOM && allowsCustom && (
          <div className="grid gap-1.5 sm:max-w-xs">
            <label htmlFor={customId} className="text-sm font-medium">
              {t("giftCardPage.customLabel", {
                min: kr(settings.customMin ?? "0"),
                max: kr(settings.customMax ?? "0"),
              })}
            </label>
            <Input
              id={customId}
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              inputMode="numeric"
              aria-invalid={Boolean(lineErrors.amount)}
              className="h-12 sm:h-11"
            />
          </div>
        )}
        {lineErrors.amount && <p className="text-sm font-medium text-error">{lineErrors.amount}</p>}
      </fieldset>

      <GiftFields wish={wish} onChange={setWish} errors={lineErrors} />

      <div className="grid gap-3">
        <h3 className="text-sm font-medium">{t("giftCardPage.yourDetails")}</h3>
        <ContactFields form={form} withAddress={false} textCountries={textCountries} />
      </div>
      {methods.length > 0 && method && (
        <PaymentChoice methods={methods} value={method} onChange={setMethod} holdMinutes={holdMinutes} />
      )}
      <TermsAcceptance form={form} termsPath={shopPath(store, "/terms")} />
      <div className="grid gap-2">
        <p className="text-xs text-pretty text-muted-foreground sm:text-sm">
          {method ? t("checkout.payNote") : t("checkout.paymentNote", { store: store.name })}
        </p>
        <Button
          type="submit"
          size="lg"
          className="h-12 w-full text-base sm:w-auto"
          aria-disabled={pending || redirecting}
        >
          {(pending || redirecting) && <Spinner />}
          {redirecting
            ? t("checkout.redirecting")
            : pending
              ? t("checkout.placing")
              : // No amount typed yet: the label without its " · amount".
                t(method ? "giftCardPage.buyPay" : "giftCardPage.buy", { amount: shownAmount ?? "" }).replace(
                  /\s*·\s*$/,
                  "",
                )}
        </Button>
      </div>
    </form>
  );
}

/** The gift card line as typed, before the shared schema checks it. */
type GiftLineInput = Omit<GiftCardLine, "amount"> & { amount: string };
