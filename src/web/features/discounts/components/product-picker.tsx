import { Search, X } from "lucide-react";
import { useId, useState } from "react";
import type { ProductView } from "../../../../shared/product";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useProductSearch, useProductsById } from "../api";

interface ProductPickerProps {
  storeId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** The field's label and error, for the search box (FormField's control props). */
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * The products a code is limited to: a search of the store's products with a checkbox each, and the
 * chosen ones above it as removable chips (their names read by id, so a search never hides them).
 */
export function ProductPicker({ storeId, value, onChange, id, describedBy, invalid }: ProductPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 250);
  const found = useProductSearch(storeId, query, true);
  const chosen = useProductsById(storeId, value);
  const listId = useId();
  const titleOf = (productId: string) =>
    chosen.data?.find((product) => product.id === productId)?.title ??
    found.data?.items.find((product) => product.id === productId)?.title ??
    "…";
  const toggle = (product: ProductView, on: boolean) =>
    onChange(on ? [...value, product.id] : value.filter((chosenId) => chosenId !== product.id));

  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul
          className="flex flex-wrap gap-1.5"
          aria-label={t("discounts.form.chosen", { count: value.length })}
        >
          {value.map((productId) => (
            <li
              key={productId}
              className="inline-flex max-w-full items-center gap-1 rounded-full border bg-accent py-0.5 pr-1 pl-3 text-sm text-accent-foreground"
            >
              <span className="truncate">{titleOf(productId)}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((chosenId) => chosenId !== productId))}
                className="rounded-full p-1 hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t("discounts.form.remove", { title: titleOf(productId) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("discounts.form.productSearch")}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-controls={listId}
          className="pl-9"
        />
      </div>
      <div id={listId} className="max-h-48 overflow-y-auto rounded-md border">
        {found.isPending ? (
          <div className="flex justify-center p-3">
            <Spinner />
          </div>
        ) : (found.data?.items.length ?? 0) === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">{t("discounts.form.noProducts")}</p>
        ) : (
          <ul className="divide-y">
            {found.data?.items.map((product) => {
              const checked = value.includes(product.id);
              return (
                <li key={product.id}>
                  <label
                    className={cn(
                      "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-accent/60",
                      checked && "bg-accent/40",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(product, event.target.checked)}
                      className="size-4 accent-primary"
                    />
                    <span className="min-w-0 flex-1 truncate">{product.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
