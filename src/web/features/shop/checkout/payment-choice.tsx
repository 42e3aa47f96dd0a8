import type { PaymentProvider } from "../../../../shared/payment";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

/** Vipps' brand colour (their design guidelines): its option carries it, and its name. */
const VIPPS_ORANGE = "#FF5B24";

interface PaymentChoiceProps {
  methods: PaymentProvider[];
  value: PaymentProvider;
  onChange: (method: PaymentProvider) => void;
  /** How long the order holds its pieces while the shopper pays (PAYMENT_EXPIRY_MINUTES, decision 0063). */
  holdMinutes?: number;
}

/** How the shopper pays: the store's live channels as radio buttons, Vipps first (decision 0034). */
export function PaymentChoice({ methods, value, onChange, holdMinutes }: PaymentChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("checkout.paymentLegend")}</legend>
      {methods.map((method) => {
        const chosen = method === value;
        return (
          <label
            key={method}
            className={cn(
              "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 bg-card px-4 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              chosen ? "border-primary" : "border-input",
            )}
            style={chosen && method === "vipps" ? { borderColor: VIPPS_ORANGE } : undefined}
          >
            <input
              type="radio"
              name="paymentProvider"
              value={method}
              checked={chosen}
              onChange={() => onChange(method)}
              className="size-4 accent-current"
              style={method === "vipps" ? { color: VIPPS_ORANGE } : undefined}
            />
            {method === "vipps" ? (
              // The orange mark carries the brand; the name stays in the text colour, readable in both themes.
              <span className="flex items-center gap-2 text-sm font-bold">
                <span
                  aria-hidden="true"
                  className="size-5 rounded-md"
                  style={{ backgroundColor: VIPPS_ORANGE }}
                />
                {t("checkout.payVipps")}
              </span>
            ) : (
              <span className="text-sm font-semibold">{t("checkout.payCard")}</span>
            )}
          </label>
        );
      })}
      {holdMinutes !== undefined && (
        <p className="text-sm text-muted-foreground">{t("checkout.holdNotice", { minutes: holdMinutes })}</p>
      )}
    </fieldset>
  );
}
