import { CircleAlert, CircleCheck, CloudOff, Smartphone } from "lucide-react";
import type { SaleView } from "../../../../shared/market";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslation } from "../../../lib/i18n";
import { useMarketKr } from "./market-kr";
import { shownPhone } from "./pay-forms";
import { QrCode } from "./qr-code";
import { MarketReceiptSlot } from "./slots";

/** Vipps: the QR for the shopper to scan, or the number the request went to, while the screen waits. */
export function VippsWaiting({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const qrUrl = sale.payment.qrUrl;
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <p className="text-4xl font-bold tabular-nums">{kr(sale.total)}</p>
      {sale.payment.method === "vipps_qr" && qrUrl ? (
        <>
          <div className="w-full max-w-[20rem] rounded-2xl border bg-white p-2 shadow-sm">
            <QrCode value={qrUrl} label={t("market.vipps.qrLabel")} className="block size-full" />
          </div>
          <p className="text-base font-medium">{t("market.vipps.scan")}</p>
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 py-4">
          <span className="flex size-16 items-center justify-center rounded-full bg-[#ff5b24]/10 text-[#ff5b24]">
            <Smartphone aria-hidden="true" className="size-8" />
          </span>
          <p className="text-lg font-medium">
            {t("market.vipps.approveOn", { phone: shownPhone(sale.payment.phone ?? "") })}
          </p>
        </div>
      )}
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t("market.vipps.waiting")}
      </p>
    </div>
  );
}

/** Vipps said no (refused, cancelled, expired): nothing was paid, the stock is back. */
export function VippsFailed({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-4 text-center">
      <CircleAlert aria-hidden="true" className="size-12 text-error" />
      <p className="text-xl font-semibold">{t("market.vipps.failed")}</p>
      <p className="text-muted-foreground">{t("market.vipps.failedText", { amount: kr(sale.total) })}</p>
    </div>
  );
}

/** Paid: the receipt number, the total and, for cash, the change, big enough to read across the table. */
export function SalePaid({ sale }: { sale: SaleView }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const change = sale.payment.method === "cash" ? sale.payment.change : null;
  return (
    <div className="grid gap-5">
      <div role="status" className="grid justify-items-center gap-2 pt-2 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <CircleCheck aria-hidden="true" className="size-9" />
        </span>
        <p className="text-2xl font-bold">{t("market.paid.title")}</p>
        <p className="text-muted-foreground">
          {t(`market.paid.by.${sale.payment.method}`)}
          {sale.receiptNumber !== null && (
            <>
              {" · "}
              <span data-testid="receipt-number">
                {t("market.paid.receipt", { number: sale.receiptNumber })}
              </span>
            </>
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{t("market.paid.total")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{kr(sale.total)}</dd>
        </div>
        {change !== null ? (
          <div className="rounded-2xl border border-primary bg-primary p-3 text-primary-foreground">
            <dt className="text-sm opacity-85">{t("market.cash.change")}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-testid="paid-change">
              {kr(change)}
            </dd>
          </div>
        ) : (
          sale.giftCardTotal !== "0.00" && (
            <div className="rounded-2xl border bg-card p-3">
              <dt className="text-sm text-muted-foreground">{t("market.cart.giftCard")}</dt>
              <dd className="text-2xl font-bold tabular-nums">{kr(sale.giftCardTotal)}</dd>
            </div>
          )
        )}
      </dl>
      <MarketReceiptSlot sale={sale} />
    </div>
  );
}

/** Offline: the sale is kept on the phone and sent when the network returns; no receipt number yet. */
export function SaleQueued({ total, change }: { total: string; change: string | null }) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  return (
    <div className="grid gap-5">
      <div role="status" className="grid justify-items-center gap-2 pt-2 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <CloudOff aria-hidden="true" className="size-8" />
        </span>
        <p className="text-2xl font-bold">{t("market.queued.title")}</p>
        <p className="max-w-xs text-muted-foreground">{t("market.queued.text")}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{t("market.paid.total")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{kr(total)}</dd>
        </div>
        {change !== null && (
          <div className="rounded-2xl border border-primary bg-primary p-3 text-primary-foreground">
            <dt className="text-sm opacity-85">{t("market.cash.change")}</dt>
            <dd className="text-3xl font-bold tabular-nums">{kr(change)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
