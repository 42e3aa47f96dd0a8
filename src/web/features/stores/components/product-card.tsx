import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { displayPrice } from "../../../../shared/display-price";
import type { ProductView } from "../../../../shared/product";
import { ProductImage } from "../../../components/products/product-image";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { useTranslation } from "../../../lib/i18n";
import { usePriceText } from "../../../lib/money";

/**
 * A product in the seller's store grid: the title's link covers the card and opens the public product
 * page; the edit button sits beside that link, not inside it.
 */
export function ProductCard({ product }: { product: ProductView }) {
  const { t } = useTranslation();
  const priceText = usePriceText();

  return (
    <Card className="group relative flex w-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[.product-card-link:focus-visible]:outline-2 has-[.product-card-link:focus-visible]:outline-offset-2 has-[.product-card-link:focus-visible]:outline-ring">
      <div className="relative overflow-hidden border-b bg-muted">
        <ProductImage
          url={product.primaryImage}
          alt=""
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw"
          className={product.isActive ? undefined : "opacity-60 grayscale-[40%]"}
        />
        {!product.isActive && (
          <Badge variant="neutral" className="absolute top-2 left-2 shadow-sm">
            {t("products.inactive")}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="text-sm font-semibold leading-snug sm:text-base">
          <Link
            to={`/products/${product.id}`}
            reloadDocument
            className="product-card-link line-clamp-2 break-words outline-none after:absolute after:inset-0 after:content-['']"
          >
            {product.title}
          </Link>
        </h3>
        {/* The SKU belongs to the name; the price stays on the bottom line whether a card has one or not. */}
        {product.sku && (
          <p className="truncate text-xs text-muted-foreground">
            {t("products.skuValue", { sku: product.sku })}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <p className="min-w-0 font-semibold tabular-nums">{priceText(displayPrice(product))}</p>
          <Tooltip>
            <TooltipTrigger asChild aria-label={t("products.editNamed", { title: product.title })}>
              <Button asChild variant="outline" size="icon" className="relative z-10 -mr-1 -mb-1">
                <Link to={`/product-edit/${product.id}`}>
                  <Pencil aria-hidden="true" />
                </Link>
              </Button>
            </TooltipTrigger>
            <TooltipContent>{t("products.edit")}</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </Card>
  );
}
