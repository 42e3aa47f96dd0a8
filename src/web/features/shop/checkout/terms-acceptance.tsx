import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { CheckoutFormFor } from "../../../../shared/order";
import { useTranslation } from "../../../lib/i18n";

/**
 * The shopper confirms the store's terms of sale, the right of withdrawal included, with a link to read
 * them in a new tab: the same box in the checkout and on the gift card page.
 */
export function TermsAcceptance({
  form,
  termsPath,
}: {
  form: UseFormReturn<CheckoutFormFor>;
  /** The store's terms page on the host that serves the shop (shared/shop-address.ts). */
  termsPath: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const error = form.formState.errors.acceptTerms?.message;
  return (
    <div className="grid gap-1.5">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          {...form.register("acceptTerms")}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <span>{t("checkout.acceptTerms")}</span>
      </label>
      <a
        href={termsPath}
        target="_blank"
        rel="noopener"
        className="ml-8 text-sm font-medium text-primary underline underline-offset-4"
      >
        {t("checkout.termsLink")}
      </a>
      {error && (
        <p id={errorId} className="ml-8 text-sm font-medium text-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
