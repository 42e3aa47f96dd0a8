import { Banknote, CreditCard, QrCode, Smartphone, WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import type { SalePaymentMethod } from "../../../../shared/market";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { changeOre, keypadOre, oreToKeypad, quickCashAmounts } from "../stall-cart";
import { AmountKeypad } from "./amount-keypad";
import { useMarketKr } from "./market-kr";

const METHOD_ICONS: Record<SalePaymentMethod, typeof Banknote> = {
  cash: Banknote,
  card_terminal: CreditCard,
  vipps_qr: QrCode,
  vipps_phone: Smartphone,
};

/** The four ways to pay as big buttons; Vipps only when the store has it, and only with the network. */
export function MethodChoice({
  vippsAvailable,
  online,
  onChoose,
}: {
  vippsAvailable: boolean;
  online: boolean;
  onChoose: (method: SalePaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const methods: SalePaymentMethod[] = vippsAvailable
    ? ["cash", "card_terminal", "vipps_qr", "vipps_phone"]
    : ["cash", "card_terminal"];
  return (
    <div className="grid gap-3">
      <ul className="grid grid-cols-2 gap-3">
        {methods.map((method) => {
          const Icon = METHOD_ICONS[method];
          const vipps = method === "vipps_qr" || method === "vipps_phone";
          const disabled = vipps && !online;
          return (
            <li key={method}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChoose(method)}
                className={cn(
                  "flex h-28 w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 bg-card px-2 text-center text-base font-semibold transition",
                  "hover:border-primary active:scale-[0.98] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  "disabled:cursor-not-allowed disabled:opacity-50 disabled:active:scale-100",
                  vipps && "text-[#ff5b24] dark:text-[#ff8a5c]",
                )}
              >
                <Icon aria-hidden="true" className="size-8" />
                <span className={cn(vipps && "text-foreground")}>{t(`market.pay.method.${method}`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {vippsAvailable && !online && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <WifiOff aria-hidden="true" className="size-4" />
          {t("market.pay.vippsNeedsNetwork")}
        </p>
      )}
    </div>
  );
}

/**
 * Cash: what the shopper hands over, from the quick amounts or the keypad, and the change shown big.
 * `dueOre` is null when a code is only priced by the sale itself: the change is then the server's.
 */
export function CashForm({
  dueOre,
  given,
  onGiven,
}: {
  dueOre: number | null;
  given: string;
  onGiven: (text: string) => void;
}) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const givenOre = keypadOre(given);
  const change = dueOre === null ? null : changeOre(dueOre, givenOre);
  const quick = dueOre === null ? [] : quickCashAmounts(dueOre);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border bg-card p-3">
          <p className="text-sm text-muted-foreground" id="market-cash-given-label">
            {t("market.cash.given")}
          </p>
          <p className="truncate text-3xl font-bold tabular-nums" data-testid="cash-given">
            {given ? kr(givenOre) : <span className="text-muted-foreground">–</span>}
          </p>
        </div>
        <div
          className={cn(
            "rounded-2xl border p-3",
            change !== null && change >= 0 && givenOre > 0
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-card",
          )}
        >
          <p
            className={cn(
              "text-sm",
              change !== null && change >= 0 && givenOre > 0 ? "opacity-85" : "text-muted-foreground",
            )}
          >
            {change !== null && change < 0 && givenOre > 0 ? t("market.cash.short") : t("market.cash.change")}
          </p>
          <p
            aria-live="polite"
            className="truncate text-3xl font-bold tabular-nums"
            data-testid="cash-change"
          >
            {change === null ? t("market.cash.changeAtPayment") : givenOre === 0 ? "–" : kr(Math.abs(change))}
          </p>
        </div>
      </div>
      {quick.length > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium" id="market-quick-amounts">
            {t("market.cash.quick")}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled row of buttons. */}
          <div role="group" aria-labelledby="market-quick-amounts" className="flex flex-wrap gap-2">
            {quick.map((amount, index) => (
              <button
                key={amount}
                type="button"
                onClick={() => onGiven(oreToKeypad(amount))}
                aria-pressed={givenOre === amount}
                className={cn(
                  "h-11 min-w-16 rounded-full border px-4 text-base font-semibold tabular-nums transition-colors",
                  "hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  givenOre === amount ? "border-primary bg-accent text-accent-foreground" : "bg-card",
                )}
              >
                {index === 0 ? t("market.cash.exact", { amount: kr(amount) }) : kr(amount)}
              </button>
            ))}
          </div>
        </div>
      )}
      <AmountKeypad value={given} onChange={onGiven} label={t("market.cash.given")} />
    </div>
  );
}

/** The seller's own card terminal: the amount to key in there, and its reference if they want it kept. */
export function CardForm({
  due,
  terminalRef,
  onTerminalRef,
}: {
  due: ReactNode;
  terminalRef: string;
  onTerminalRef: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div className="rounded-2xl border bg-card p-4 text-center">
        <p className="text-sm text-muted-foreground">{t("market.card.keyIn")}</p>
        <p className="text-4xl font-bold tabular-nums">{due}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="market-terminal-ref">{t("market.card.reference")}</Label>
        <Input
          id="market-terminal-ref"
          value={terminalRef}
          onChange={(event) => onTerminalRef(event.target.value)}
          maxLength={60}
          autoComplete="off"
          aria-describedby="market-terminal-ref-hint"
          className="h-12 text-base"
        />
        <p id="market-terminal-ref-hint" className="text-sm text-muted-foreground">
          {t("market.card.referenceHint")}
        </p>
      </div>
    </div>
  );
}

/** Vipps to a phone number: the shopper's number; Vipps sends the payment request to their app. */
export function VippsPhoneForm({ phone, onPhone }: { phone: string; onPhone: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="market-vipps-phone">{t("market.vipps.phone")}</Label>
      <Input
        id="market-vipps-phone"
        data-autofocus=""
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={phone}
        onChange={(event) => onPhone(event.target.value)}
        maxLength={40}
        placeholder="412 34 567"
        aria-describedby="market-vipps-phone-hint"
        className="h-14 text-2xl tracking-wide tabular-nums sm:text-2xl"
      />
      <p id="market-vipps-phone-hint" className="text-sm text-muted-foreground">
        {t("market.vipps.phoneHint")}
      </p>
    </div>
  );
}

/** A Norwegian number as Vipps shows it, "+47 412 34 567"; another as typed. */
export function shownPhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, "");
  const national = digits.startsWith("+47")
    ? digits.slice(3)
    : digits.startsWith("0047")
      ? digits.slice(4)
      : digits;
  if (/^\d{8}$/.test(national))
    return `+47 ${national.slice(0, 3)} ${national.slice(3, 5)} ${national.slice(5)}`;
  return phone.trim();
}
