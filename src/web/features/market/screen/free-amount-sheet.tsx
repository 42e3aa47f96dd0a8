import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useTranslation } from "../../../lib/i18n";
import { keypadOre } from "../stall-cart";
import { AmountKeypad } from "./amount-keypad";
import { useMarketKr } from "./market-kr";
import { MarketSheet } from "./market-sheet";

/** "Other, 250 kr": an amount for something not in the catalogue, with the seller's words for it if any. */
export function FreeAmountSheet({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (amount: string, title: string) => void;
}) {
  const { t } = useTranslation();
  const kr = useMarketKr();
  const [amount, setAmount] = useState("");
  const [title, setTitle] = useState("");

  useEffect(() => {
    if (open) {
      setAmount("");
      setTitle("");
    }
  }, [open]);

  const ore = keypadOre(amount);
  return (
    <MarketSheet
      open={open}
      onOpenChange={onOpenChange}
      title={t("market.other.sheetTitle")}
      footer={
        <Button
          className="h-14 w-full rounded-xl text-base"
          disabled={ore <= 0}
          onClick={() => onAdd(amount.replace(/,$/, ""), title)}
        >
          {ore > 0 ? t("market.other.addAmount", { amount: kr(ore) }) : t("market.other.add")}
        </Button>
      }
    >
      <div className="grid gap-4">
        <p
          aria-live="polite"
          className="rounded-2xl border bg-card py-3 text-center text-4xl font-bold tabular-nums"
          data-testid="free-amount"
        >
          {amount ? kr(ore) : <span className="text-muted-foreground">0 kr</span>}
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor="market-other-title">{t("market.other.titleLabel")}</Label>
          <Input
            id="market-other-title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={120}
            placeholder={t("market.other.title")}
            className="h-12 text-base"
          />
        </div>
        <AmountKeypad value={amount} onChange={setAmount} label={t("market.other.amount")} />
      </div>
    </MarketSheet>
  );
}
