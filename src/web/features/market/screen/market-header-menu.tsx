import { ClipboardList, EllipsisVertical, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { useTranslation } from "../../../lib/i18n";

/** The stall's other screens, one tap from the market screen: the day's sales (refunds, markets) and the day report. */
export function MarketHeaderMenu({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const base = `/stores/${encodeURIComponent(storeId)}/market`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t("market.menu.label")}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={`${base}/sales`}>
            <ReceiptText aria-hidden="true" />
            {t("market.menu.sales")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`${base}/report`}>
            <ClipboardList aria-hidden="true" />
            {t("market.menu.report")}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Which market the screen's sales are made at, or that none is open (markets are opened with the day's sales). */
export function OpenMarketLine({
  storeId,
  market,
}: {
  storeId: string;
  market: { id: string; name: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground"
      data-testid="open-market"
    >
      {market ? (
        <span>{t("market.session.at", { name: market.name })}</span>
      ) : (
        <>
          <span>{t("market.session.none")}</span>
          <Link
            to={`/stores/${encodeURIComponent(storeId)}/market/sales`}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t("market.session.open")}
          </Link>
        </>
      )}
    </p>
  );
}
