import { type KeyboardEvent, useEffect, useState } from "react";
import { formatGiftCardCode, normalizeGiftCardCode } from "../../../../shared/gift-card";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { useTranslation } from "../../../lib/i18n";
import { X } from "../components/icons";
import type { CodeKind } from "./price-codes";
import type { PriceCodes } from "./use-price-codes";

const FIELD_ID = "price-code";

/** A gift card as printed (with its dashes); a discount code as typed. */
const formatTyped = (code: string) => (normalizeGiftCardCode(code) ? formatGiftCardCode(code) : code);
const REFUSAL_ID = "price-code-refusal";

/**
 * "Discount or gift card code" (issue 29): one field for both, told apart by the code's shape
 * (price-codes.ts); each applied code is a chip that removes it; a code that does not apply is not kept,
 * and the server's reason stays under the field. Inside the order form, so Enter here applies the code
 * rather than placing the order.
 */
export function PriceCodeField({ priceCodes }: { priceCodes: PriceCodes }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const { codes, quote, refusal, apply, remove, checking } = priceCodes;
  // A refused code comes back into the field, to correct rather than type again.
  useEffect(() => {
    if (refusal?.code) setTyped(formatTyped(refusal.code));
  }, [refusal]);

  const submit = () => {
    if (!typed.trim()) return;
    apply(typed);
    setTyped("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    submit();
  };

  const chips: { kind: CodeKind; label: string }[] = [];
  if (codes.discountCode)
    chips.push({ kind: "discountCode", label: quote?.discountCode ?? codes.discountCode.toUpperCase() });
  if (codes.giftCardCode)
    chips.push({
      kind: "giftCardCode",
      label: t("priceCodes.giftCardChip", { code: formatGiftCardCode(codes.giftCardCode) }),
    });

  return (
    <div className="grid gap-2">
      <label htmlFor={FIELD_ID} className="text-sm font-medium">
        {t("priceCodes.label")}
      </label>
      <div className="flex gap-2">
        <Input
          id={FIELD_ID}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={Boolean(refusal)}
          aria-describedby={refusal ? REFUSAL_ID : undefined}
          className="h-11 min-w-0 flex-1 uppercase placeholder:normal-case"
        />
        <Button type="button" variant="outline" className="h-11 shrink-0 px-4" onClick={submit}>
          {t("priceCodes.apply")}
        </Button>
      </div>
      <p id={REFUSAL_ID} role="alert" className="text-sm font-medium text-error empty:hidden">
        {refusal?.message}
      </p>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("priceCodes.applied")}>
          {chips.map((chip) => (
            <li
              key={chip.kind}
              className="inline-flex min-h-9 items-center gap-1 rounded-full border border-primary/40 bg-accent/70 py-0.5 pr-0.5 pl-3 text-sm font-medium"
              data-testid={`applied-${chip.kind}`}
            >
              <span className="font-mono tracking-wide">{chip.label}</span>
              <button
                type="button"
                onClick={() => remove(chip.kind)}
                aria-label={t("priceCodes.remove", { code: chip.label })}
                className="flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {checking ? t("priceCodes.checking") : ""}
      </p>
    </div>
  );
}
