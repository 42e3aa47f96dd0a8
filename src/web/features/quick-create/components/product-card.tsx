import { CircleAlert, Pencil } from "lucide-react";
import { normalizePrice } from "../../../../shared/money";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import type { DraftProduct } from "../draft";
import type { ProductErrors } from "../validation";
import { MarkedPhoto } from "./marked-photo";

/** The price label of a card: kroner, or "No price" while it is empty or 0. */
export function usePriceLabel(): (price: string) => string {
  const { t } = useTranslation();
  const { kr } = useFormatters();
  return (price) => {
    const normalized = normalizePrice(price);
    return normalized && normalized !== "0.00" ? kr(normalized) : t("quickCreate.product.noPrice");
  };
}

interface QuickProductCardProps {
  product: DraftProduct;
  number: number;
  errors: ProductErrors | undefined;
  onOpen: () => void;
}

/** One product of a multi-photo draft (spec 2.14): photo with its numbered marker, price label, title. */
export function QuickProductCard({ product, number, errors, onOpen }: QuickProductCardProps) {
  const { t } = useTranslation();
  const priceLabel = usePriceLabel();
  const title = product.title.trim();
  const firstError = errors && Object.values(errors)[0];
  const price = priceLabel(product.price);

  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t("quickCreate.product.editNamed", {
        number,
        title: title || t("quickCreate.product.needsName"),
        price,
      })}
      aria-describedby={firstError ? `card-error-${product.id}` : undefined}
      className={cn(
        "group flex flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-[0_1px_2px_rgb(60_40_20/0.06)] transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        firstError && "border-error ring-1 ring-error",
      )}
    >
      <div className="relative">
        <MarkedPhoto
          imageUrl={product.imageUrl}
          alt=""
          coordinates={product.coordinates}
          number={number}
          sizes="(min-width: 1024px) 240px, 50vw"
        />
        <span className="absolute bottom-2 left-2 rounded-full bg-background/90 px-2.5 py-1 text-xs font-semibold tabular-nums shadow-sm backdrop-blur-sm sm:text-sm">
          {price}
        </span>
        <span
          aria-hidden="true"
          className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-background/90 text-foreground opacity-90 shadow-sm backdrop-blur-sm transition-opacity group-hover:opacity-100"
        >
          <Pencil className="size-3.5" />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {title ? (
          <span className="line-clamp-2 text-sm font-medium leading-snug sm:text-base">{title}</span>
        ) : (
          <span className="text-sm font-medium text-amber-800 italic dark:text-amber-200">
            {t("quickCreate.product.needsName")}
          </span>
        )}
        {firstError && (
          <span
            id={`card-error-${product.id}`}
            className="flex items-start gap-1 text-xs font-medium text-error"
          >
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {t(firstError)}
          </span>
        )}
      </div>
    </button>
  );
}
