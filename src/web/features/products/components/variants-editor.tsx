import { Plus, X } from "lucide-react";
import { MAX_OPTIONS } from "../../../../shared/variants";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";
import { rowsOf, type VariantRowDraft, type VariantsDraft } from "./variants-draft";

interface VariantsEditorProps {
  draft: VariantsDraft;
  onChange: (draft: VariantsDraft) => void;
  /** The product's price, shown where a variant has none of its own. */
  basePrice: string;
  /** A message key from productVariantsSchema, shown under the table. */
  error?: string;
}

const numberInput =
  "tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none";

/**
 * Options with their values, and every combination with its own price, SKU and stock (decision 0032).
 * On a phone each combination is a small card; wider, its fields sit on one line.
 */
export function VariantsEditor({ draft, onChange, basePrice, error }: VariantsEditorProps) {
  const { t } = useTranslation();
  const rows = rowsOf(draft);

  const setOption = (index: number, change: Partial<VariantsDraft["options"][number]>) =>
    onChange({
      ...draft,
      options: draft.options.map((option, n) => (n === index ? { ...option, ...change } : option)),
    });
  const setRow = (key: string, row: VariantRowDraft, change: Partial<VariantRowDraft>) =>
    onChange({ ...draft, rows: { ...draft.rows, [key]: { ...row, ...change } } });

  return (
    <div className="grid gap-5">
      {draft.options.length === 0 && (
        <p className="text-sm text-muted-foreground">{t("inventory.noOptions")}</p>
      )}
      {draft.options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their place is who they are.
        <div key={index} className="grid items-end gap-3 rounded-lg border p-3 sm:grid-cols-[12rem_1fr_auto]">
          <FormField label={t("inventory.optionName")}>
            {(control) => (
              <Input
                {...control}
                value={option.name}
                onChange={(event) => setOption(index, { name: event.target.value })}
                placeholder={t("inventory.optionNamePlaceholder")}
              />
            )}
          </FormField>
          <FormField label={t("inventory.optionValues")}>
            {(control) => (
              <Input
                {...control}
                value={option.values}
                onChange={(event) => setOption(index, { values: event.target.value })}
                placeholder={t("inventory.optionValuesPlaceholder")}
              />
            )}
          </FormField>
          <Button
            type="button"
            variant="ghost"
            className="size-11 justify-self-end p-0"
            aria-label={t("inventory.removeOption", { name: option.name || index + 1 })}
            onClick={() => onChange({ ...draft, options: draft.options.filter((_, n) => n !== index) })}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      {draft.options.length < MAX_OPTIONS && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => onChange({ ...draft, options: [...draft.options, { name: "", values: "" }] })}
        >
          <Plus aria-hidden="true" />
          {t("inventory.addOption")}
        </Button>
      )}
      {rows.length > 0 && (
        <div
          aria-hidden="true"
          className="hidden px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_7rem_8rem_6rem] sm:gap-3"
        >
          <span>{t("inventory.combination")}</span>
          <span>{t("inventory.price")}</span>
          <span>{t("inventory.sku")}</span>
          <span>{t("inventory.stock")}</span>
        </div>
      )}
      {rows.length > 0 && (
        <ul className="-mt-3 grid gap-2 sm:mt-0" aria-label={t("inventory.variantsTitle")}>
          {rows.map(({ key, label, row }) => (
            <li
              key={key}
              className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_6rem] sm:items-center"
            >
              <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={row.offered}
                  onChange={(event) => setRow(key, row, { offered: event.target.checked })}
                  aria-label={t("inventory.offeredFor", { label })}
                  className="size-4 shrink-0 accent-primary"
                />
                <span aria-hidden="true">{label}</span>
              </label>
              <div className="grid grid-cols-3 gap-2 sm:contents">
                <div className="grid gap-1 sm:contents">
                  {/* On a phone the column headings are hidden: each field names itself. */}
                  <span aria-hidden="true" className="text-xs font-medium text-muted-foreground sm:hidden">
                    {t("inventory.price")}
                  </span>
                  <Input
                    value={row.price}
                    onChange={(event) => setRow(key, row, { price: event.target.value })}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    disabled={!row.offered}
                    placeholder={`${basePrice.replace(/\.00$/, "")} kr`}
                    aria-label={t("inventory.priceFor", { label })}
                    className={numberInput}
                  />
                </div>
                <div className="grid gap-1 sm:contents">
                  <span aria-hidden="true" className="text-xs font-medium text-muted-foreground sm:hidden">
                    {t("inventory.sku")}
                  </span>
                  <Input
                    value={row.sku}
                    onChange={(event) => setRow(key, row, { sku: event.target.value })}
                    disabled={!row.offered}
                    placeholder={t("inventory.sku")}
                    aria-label={t("inventory.skuFor", { label })}
                    spellCheck={false}
                  />
                </div>
                <div className="grid gap-1 sm:contents">
                  <span aria-hidden="true" className="text-xs font-medium text-muted-foreground sm:hidden">
                    {t("inventory.stock")}
                  </span>
                  <Input
                    value={row.stockQty}
                    onChange={(event) => setRow(key, row, { stockQty: event.target.value })}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    disabled={!row.offered}
                    placeholder={t("inventory.unlimited")}
                    aria-label={t("inventory.stockFor", { label })}
                    className={numberInput}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
