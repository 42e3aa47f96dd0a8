import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  cashCovers,
  type SalePaymentInput,
  type SalePaymentMethod,
  type SaleView,
} from "../../../../shared/market";
import { fromOre, toOre } from "../../../../shared/money";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { changeOre, keypadOre } from "../stall-cart";
import { useMarketKr } from "./market-kr";
import { MarketSheet } from "./market-sheet";
import { CardForm, CashForm, MethodChoice, VippsPhoneForm } from "./pay-forms";
import { SalePaid, SaleQueued, VippsFailed, VippsWaiting } from "./pay-outcome";
import { type SaleState, vippsSaleOf } from "./use-stall-sale";

interface PaySheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: SaleState;
  error: string | null;
  /** What is to pay in øre; null when a code is priced by the sale itself (a cart with a free amount). */
  dueOre: number | null;
  /** The cart before codes, shown when `dueOre` is not known. */
  subtotalOre: number;
  vippsAvailable: boolean;
  online: boolean;
  onConfirm: (payment: SalePaymentInput, expected: { total: string; change: string | null }) => void;
  /** A new Vipps request on the sale (a new QR, the push again). */
  onRetryVipps: (sale: SaleView, method: "vipps_qr" | "vipps_phone") => void;
  /** The Vipps sale is paid another way after all: back to the methods, cash and terminal only. */
  onSwitchMethod: (sale: SaleView) => void;
  /** The seller gives the Vipps payment up: the sale is cancelled, the cart kept. */
  onCancelPayment: (sale: SaleView) => void;
  onNewSale: () => void;
}

const bigButton = "h-14 flex-1 rounded-xl text-base";

/**
 * Taking payment: the four methods, then the chosen one's form, then Vipps' waiting screen, then
 * "Paid". The main action is always the sheet's bottom row, under the seller's thumb.
 */
export function PaySheet(props: PaySheetProps) {
  const { open, onOpenChange, state, error, subtotalOre, onConfirm } = props;
  const [method, setMethod] = useState<SalePaymentMethod | null>(null);
  // Paying a Vipps sale another way: what is due is that sale's, and only cash and the terminal are offered.
  const vippsSale = vippsSaleOf(state);
  const switching =
    state.step === "switching" ||
    (state.step === "sending" && vippsSale !== null && method !== "vipps_qr" && method !== "vipps_phone");
  const dueOre = switching && vippsSale ? toOre(vippsSale.total) : props.dueOre;
  const { t } = useTranslation();
  const kr = useMarketKr();
  const [given, setGiven] = useState("");
  const [terminalRef, setTerminalRef] = useState("");
  const [phone, setPhone] = useState("");

  // Every payment starts at the methods with empty fields. Only on opening: the fields stay as typed
  // while the seller works in the sheet, and a sale under way (Vipps waiting) keeps its screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run on opening only, as said above.
  useEffect(() => {
    if (open && state.step === "idle") {
      setMethod(null);
      setGiven("");
      setTerminalRef("");
    }
  }, [open]);

  // Paying otherwise starts again at the methods.
  useEffect(() => {
    if (state.step === "switching") setMethod(null);
  }, [state.step]);

  const sending = state.step === "sending";
  const bodyRef = useRef<HTMLDivElement>(null);

  // A new step of the sheet takes the keyboard to its first control (the button the seller pressed is
  // gone): a field marked data-autofocus, else the step's first button, else the sheet's main action.
  // Once paid, "New sale" first: the next shopper is waiting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `method` names the step shown; it is the trigger.
  useEffect(() => {
    if (!open) return;
    const done = state.step === "paid" || state.step === "queued";
    const frame = requestAnimationFrame(() => {
      const body = bodyRef.current;
      const main = body
        ?.closest<HTMLElement>('[role="dialog"]')
        ?.querySelector<HTMLElement>("[data-main-action]:not(:disabled)");
      const target = done
        ? main
        : (body?.querySelector<HTMLElement>("[data-autofocus]") ??
          body?.querySelector<HTMLElement>("button:not(:disabled)") ??
          main);
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, method, state.step]);
  const dueText = dueOre === null ? kr(subtotalOre) : kr(dueOre);
  const expected = (change: string | null) => ({
    total: fromOre(dueOre ?? subtotalOre),
    change,
  });

  function choose(next: SalePaymentMethod) {
    if (next === "vipps_qr") {
      setMethod(next);
      onConfirm({ method: "vipps_qr" }, expected(null));
    } else {
      setMethod(next);
    }
  }

  const givenOre = keypadOre(given);
  const cashEnough = givenOre > 0 && (dueOre === null || cashCovers(givenOre, dueOre));

  let title: string = t("market.pay.title");
  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  const back = (
    <Button
      variant="outline"
      className="h-14 rounded-xl px-4"
      onClick={() => setMethod(null)}
      disabled={sending}
    >
      <ArrowLeft aria-hidden="true" />
      {t("market.pay.back")}
    </Button>
  );
  const confirmButton = (label: string, payment: SalePaymentInput, change: string | null, enabled = true) => (
    <Button
      data-main-action=""
      className={bigButton}
      disabled={!enabled || sending}
      onClick={() => onConfirm(payment, expected(change))}
    >
      {sending && <Spinner />}
      {label}
    </Button>
  );

  if (state.step === "paid") {
    title = t("market.paid.title");
    body = <SalePaid sale={state.sale} />;
    footer = (
      <Button className={`${bigButton} w-full`} onClick={props.onNewSale} data-main-action="">
        {t("market.paid.newSale")}
      </Button>
    );
  } else if (state.step === "queued") {
    title = t("market.queued.title");
    body = <SaleQueued total={state.total} change={state.change} />;
    footer = (
      <Button className={`${bigButton} w-full`} onClick={props.onNewSale} data-main-action="">
        {t("market.paid.newSale")}
      </Button>
    );
  } else if (state.step === "waiting") {
    const { sale } = state;
    title = t(`market.pay.method.${sale.payment.method}`);
    body = <VippsWaiting sale={sale} />;
    footer = (
      <div className="flex gap-2">
        <Button variant="outline" className={bigButton} onClick={() => props.onCancelPayment(sale)}>
          {t("market.vipps.cancel")}
        </Button>
        <Button variant="outline" className={bigButton} onClick={() => props.onSwitchMethod(sale)}>
          {t("market.vipps.otherWay")}
        </Button>
      </div>
    );
  } else if (state.step === "failed" || (state.step === "sending" && vippsSale && !switching)) {
    const sale = vippsSale as SaleView;
    const vippsMethod = sale.payment.method === "vipps_phone" ? "vipps_phone" : "vipps_qr";
    title = t(`market.pay.method.${sale.payment.method}`);
    body = <VippsFailed sale={sale} />;
    footer = (
      <div className="flex gap-2">
        <Button
          variant="outline"
          className={bigButton}
          disabled={sending}
          onClick={() => props.onSwitchMethod(sale)}
        >
          {t("market.vipps.otherWay")}
        </Button>
        <Button
          data-main-action=""
          className={bigButton}
          disabled={sending || !props.online}
          onClick={() => props.onRetryVipps(sale, vippsMethod)}
        >
          {sending && <Spinner />}
          {t(vippsMethod === "vipps_qr" ? "market.vipps.newQr" : "market.vipps.sendAgain")}
        </Button>
      </div>
    );
  } else if (method === "cash") {
    title = t("market.pay.method.cash");
    body = <CashForm dueOre={dueOre} given={given} onGiven={setGiven} />;
    const change = dueOre === null ? null : fromOre(Math.max(0, changeOre(dueOre, givenOre)));
    footer = (
      <div className="flex gap-2">
        {back}
        {confirmButton(
          t("market.cash.confirm"),
          { method: "cash", amountGiven: fromOre(givenOre) },
          change,
          cashEnough,
        )}
      </div>
    );
  } else if (method === "card_terminal") {
    title = t("market.pay.method.card_terminal");
    body = <CardForm due={dueText} terminalRef={terminalRef} onTerminalRef={setTerminalRef} />;
    footer = (
      <div className="flex gap-2">
        {back}
        {confirmButton(
          t("market.card.confirm"),
          { method: "card_terminal", terminalRef: terminalRef.trim() || undefined },
          null,
        )}
      </div>
    );
  } else if (method === "vipps_phone") {
    title = t("market.pay.method.vipps_phone");
    body = <VippsPhoneForm phone={phone} onPhone={setPhone} />;
    footer = (
      <div className="flex gap-2">
        {back}
        {confirmButton(
          t("market.vipps.send"),
          { method: "vipps_phone", phone: phone.trim() },
          null,
          phone.replace(/\D/g, "").length >= 8 && props.online,
        )}
      </div>
    );
  } else if (method === "vipps_qr" && sending) {
    title = t("market.pay.method.vipps_qr");
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
        <Spinner /> {t("market.vipps.creating")}
      </p>
    );
  } else {
    body = (
      <MethodChoice
        vippsAvailable={props.vippsAvailable && !switching}
        online={props.online}
        onChoose={choose}
      />
    );
  }

  const showDue =
    state.step === "idle" || state.step === "switching" || (sending && (!vippsSale || switching));
  return (
    <MarketSheet open={open} onOpenChange={onOpenChange} title={title} locked={sending} footer={footer}>
      <div ref={bodyRef} className="grid gap-4">
        {showDue && method !== "card_terminal" && (
          <div className="text-center">
            <p className="text-sm text-muted-foreground">{t("market.pay.toPay")}</p>
            <p className="text-4xl font-bold tabular-nums" data-testid="amount-due">
              {dueText}
            </p>
            {dueOre === null && (
              <p className="text-sm text-muted-foreground">{t("market.codes.atPayment")}</p>
            )}
          </div>
        )}
        {error && (
          <p
            role="alert"
            className="rounded-xl border border-error/40 bg-error/10 p-3 text-sm font-medium text-error"
          >
            {error}
          </p>
        )}
        {body}
      </div>
    </MarketSheet>
  );
}
