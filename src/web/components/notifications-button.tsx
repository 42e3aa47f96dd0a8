import { Bell, BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "./ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "./ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

export interface NotificationItem {
  id: string;
  title: string;
  description?: string;
  /** Where a click leads, an order for instance. */
  to: string;
}

/** The bell in the top bar: a count badge and a popover listing new orders. */
export function NotificationsButton({ items }: { items: NotificationItem[] }) {
  const { t } = useTranslation();
  const count = items.length;
  const label = count > 0 ? t("notifications.buttonWithCount", { count }) : t("notifications.button");

  return (
    <Popover>
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
      <PopoverContent align="end" className="w-80 p-0">
        <h2 className="border-b px-4 py-3 text-sm font-semibold">{t("notifications.title")}</h2>
        {count === 0 ? (
          <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-4" />
            {t("notifications.empty")}
          </p>
        ) : (
          <ul className="max-h-80 divide-y overflow-y-auto">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.to}
                  className="block px-4 py-3 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                >
                  <span className="block font-medium">{item.title}</span>
                  {item.description && (
                    <span className="block text-muted-foreground">{item.description}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
