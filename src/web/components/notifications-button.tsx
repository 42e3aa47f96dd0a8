import { ArrowRight, Bell, BellOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useFormatters } from "../lib/format";
import { useTranslation } from "../lib/i18n";
import {
  type SellerNotification,
  useMarkNotificationsSeen,
  useNotifications,
} from "../lib/queries/notifications";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "./ui/popover";
import { Spinner } from "./ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

/** What each kind of notification says (decision 0061). */
const TITLE_KEYS = {
  order: "notificationsList.newOrderAt",
  withdrawal: "notificationsList.withdrawalAt",
  stockConflict: "notificationsList.stockConflictAt",
} as const satisfies Record<SellerNotification["kind"], string>;

/**
 * The bell in the top bar (decisions 0014, 0061): a badge with how many orders came to need the seller
 * since the last look, and a popover listing the latest of what needs them (paid or unpaid-by-hand
 * orders to send, withdrawals, payments for cancelled orders). Opening it marks them seen; the ones that
 * were new keep their dot until it closes.
 */
export function NotificationsButton() {
  const { t } = useTranslation();
  const { kr, relative } = useFormatters();
  const { data, isPending, isError } = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const count = data?.unseenCount ?? 0;
  const items = data?.items ?? [];
  const label = count > 0 ? t("notifications.buttonWithCount", { count }) : t("notifications.button");

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    setHighlighted(new Set(items.filter((item) => item.isNew).map(itemKey)));
    if (count > 0) markSeen.mutate();
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" className="relative" aria-label={label}>
              <Bell aria-hidden="true" />
              {count > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 right-1.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-destructive-foreground"
                >
                  {count > 9 ? "9+" : count}
                </span>
              )}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>{t("notifications.button")}</TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-[22rem] p-0">
        <h2 className="border-b px-4 py-3 text-sm font-semibold">{t("notifications.title")}</h2>
        {isPending ? (
          <div className="flex justify-center px-4 py-6">
            <Spinner label={t("common.loading")} className="text-primary" />
          </div>
        ) : isError ? (
          <p className="px-4 py-6 text-sm text-muted-foreground">{t("notificationsList.loadFailed")}</p>
        ) : items.length === 0 ? (
          <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-4" />
            {t("notifications.empty")}
          </p>
        ) : (
          <ul className="max-h-[min(24rem,60dvh)] divide-y overflow-y-auto">
            {items.map((item) => {
              const isNew = highlighted.has(itemKey(item));
              return (
                <li key={itemKey(item)}>
                  <Link
                    to={`/order/${item.orderId}`}
                    onClick={() => setOpen(false)}
                    className="flex gap-3 px-4 py-3 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        "mt-1.5 size-2 shrink-0 rounded-full",
                        isNew ? "bg-primary" : "bg-transparent",
                      )}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {t(TITLE_KEYS[item.kind], { store: item.storeName })}
                        {isNew && <span className="sr-only"> ({t("notificationsList.new")})</span>}
                      </span>
                      <span className="block text-muted-foreground">
                        {t("notificationsList.summary", {
                          name: item.shipToName || t("orders.defaultCustomer"),
                          total: kr(item.totalGross),
                          time: relative(item.since),
                        })}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <div className="border-t p-1.5">
          <Link
            to="/orders"
            onClick={() => setOpen(false)}
            className="flex items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-primary hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
          >
            {t("notificationsList.viewAllOrders")}
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** An order may need its seller for one reason at a time, but the key says both. */
function itemKey(item: SellerNotification) {
  return `${item.kind}:${item.orderId}`;
}
