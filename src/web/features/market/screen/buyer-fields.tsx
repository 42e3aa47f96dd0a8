import { useId } from "react";
import { type SaleBuyer, saleBuyerSchema } from "../../../../shared/market";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useTranslation } from "../../../lib/i18n";

export interface BuyerDraft {
  name: string;
  address: string;
}

export const EMPTY_BUYER: BuyerDraft = { name: "", address: "" };

/** The buyer as the sale sends it, or undefined while the fields do not make one (the server's own rule). */
export function buyerOf(draft: BuyerDraft): SaleBuyer | undefined {
  const parsed = saleBuyerSchema.safeParse(draft);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A store that makes every stall sale a full sales document (decision 0077) asks for the buyer's name
 * and address before payment; the charge button waits for both.
 */
export function BuyerFields({
  value,
  onChange,
}: {
  value: BuyerDraft;
  onChange: (next: BuyerDraft) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-xl border p-3">
      <legend className="px-1 text-sm font-semibold">{t("market.buyer.title")}</legend>
      <p className="text-xs text-muted-foreground">{t("market.buyer.why")}</p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{t("market.buyer.name")}</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          value={value.name}
          maxLength={120}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-address`}>{t("market.buyer.address")}</Label>
        <Textarea
          id={`${id}-address`}
          autoComplete="street-address"
          rows={2}
          value={value.address}
          maxLength={500}
          onChange={(event) => onChange({ ...value, address: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
