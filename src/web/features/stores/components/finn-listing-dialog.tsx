import { Copy, Megaphone, RotateCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { copyText } from "../../../lib/copy-text";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useFinnListing } from "../api";

interface ListingPartProps {
  label: string;
  copyLabel: string;
  value: string;
  multiline?: boolean;
}

function ListingPart({ label, copyLabel, value, multiline = false }: ListingPartProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium">
          {label}
        </h3>
        <Tooltip>
          <TooltipTrigger asChild aria-label={copyLabel}>
            <Button variant="ghost" size="icon" className="size-9" onClick={() => void copyText(value, t)}>
              <Copy aria-hidden="true" />
            </Button>
          </TooltipTrigger>
          <TooltipContent>{copyLabel}</TooltipContent>
        </Tooltip>
      </div>
      <p
        className={cn(
          "rounded-md border bg-muted/60 px-3 py-2 text-sm break-words",
          multiline && "max-h-60 overflow-y-auto whitespace-pre-line",
        )}
      >
        {value}
      </p>
    </section>
  );
}

/** docs/product-spec.md 2.8: a ready-to-paste Finn.no ad, fetched only once the dialog is opened. */
export function FinnListingDialog({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listing = useFinnListing(storeId, open);

  const full = listing.data
    ? [
        listing.data.title,
        listing.data.description,
        listing.data.description.includes(listing.data.storeUrl) ? null : listing.data.storeUrl,
      ]
        .filter(Boolean)
        .join("\n\n")
    : "";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Megaphone aria-hidden="true" />
          {t("stores.finnButton")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("stores.finnTitle")}</DialogTitle>
          <DialogDescription>{t("stores.finnDescription")}</DialogDescription>
        </DialogHeader>
        {listing.isPending ? (
          <div className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5 text-primary" />
            {t("stores.finnLoading")}
          </div>
        ) : listing.isError ? (
          <div className="grid justify-items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
            <p role="alert">{t("stores.finnFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void listing.refetch()}>
              <RotateCw aria-hidden="true" />
              {t("stores.retry")}
            </Button>
          </div>
        ) : (
          <>
            <div className="grid gap-4">
              <ListingPart
                label={t("stores.finnListingTitle")}
                copyLabel={t("stores.copyTitle")}
                value={listing.data.title}
              />
              <ListingPart
                label={t("stores.finnListingDescription")}
                copyLabel={t("stores.copyDescription")}
                value={listing.data.description}
                multiline
              />
              <ListingPart
                label={t("stores.finnStoreUrl")}
                copyLabel={t("stores.copyUrl")}
                value={listing.data.storeUrl}
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button onClick={() => void copyText(full, t)}>
                <Copy aria-hidden="true" />
                {t("stores.copyFull")}
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
