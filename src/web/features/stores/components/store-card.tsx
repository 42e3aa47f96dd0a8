import { ExternalLink, Package, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { StoreSummary } from "../../../../shared/store";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { StoreImage } from "./store-image";

interface StoreCardProps {
  store: StoreSummary;
  /** Asks to delete the store (the caller confirms); without it the card has no delete button. */
  onDelete?: () => void;
}

function IconAction({ label, tooltip, children }: { label: string; tooltip: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild aria-label={label}>
        {children}
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}

/**
 * docs/product-spec.md 2.5. The name's link stretches over the whole card, so the card opens the storefront while the
 * action buttons stay siblings of the link, never inside it.
 */
export function StoreCard({ store, onDelete }: StoreCardProps) {
  const { t } = useTranslation();
  const { relative } = useFormatters();
  const storefront = `/s/${store.slug}`;

  return (
    <Card className="group relative flex w-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[.store-card-link:focus-visible]:outline-2 has-[.store-card-link:focus-visible]:outline-offset-2 has-[.store-card-link:focus-visible]:outline-ring">
      <div className="overflow-hidden border-b bg-muted">
        <StoreImage
          store={store}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
          className="transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base font-semibold leading-snug">
            <Link
              to={storefront}
              reloadDocument
              className="store-card-link line-clamp-2 break-words outline-none after:absolute after:inset-0 after:content-['']"
            >
              {store.name}
            </Link>
          </h3>
          <Badge variant="success" className="mt-0.5 shrink-0">
            {t("stores.active")}
          </Badge>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Package aria-hidden="true" className="size-4" />
            {t("stores.productCount", { count: store.productCount ?? 0 })}
          </span>
          <span aria-hidden="true">·</span>
          <span>{t("stores.createdAgo", { time: relative(store.createdAt) })}</span>
        </p>
      </div>
      <div className="pointer-events-none relative z-10 flex items-center gap-1 border-t py-1.5 pr-2 pl-4 [&>*]:pointer-events-auto">
        <span className="pointer-events-none! mr-auto min-w-0 truncate text-xs text-muted-foreground">
          {storefront}
        </span>
        <IconAction
          label={t("stores.openStorefrontNamed", { name: store.name })}
          tooltip={t("stores.openStorefront")}
        >
          <Button asChild variant="ghost" size="icon">
            <a href={storefront} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </IconAction>
        <IconAction label={t("stores.editNamed", { name: store.name })} tooltip={t("stores.edit")}>
          <Button asChild variant="ghost" size="icon">
            <Link to={`/store-edit/${store.id}`}>
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
        </IconAction>
        {onDelete && (
          <IconAction label={t("stores.deleteNamed", { name: store.name })} tooltip={t("stores.delete")}>
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              className="text-muted-foreground hover:bg-red-50 hover:text-error dark:hover:bg-red-950/50"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </IconAction>
        )}
      </div>
    </Card>
  );
}
