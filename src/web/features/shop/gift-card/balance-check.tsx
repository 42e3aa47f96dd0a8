import { type FormEvent, useId, useState } from "react";
import { type GiftCardBalance, normalizeGiftCardCode } from "../../../../shared/gift-card";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { apiJson, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useKr } from "../../../lib/money";

type Answer = { balance: GiftCardBalance } | { refusal: string };

/**
 * "Check balance": the code as typed (any case, dashes or not); a mistyped one is told so here, by its
 * check symbol, before anything is sent. The answer is the balance and the last day, or why it pays nothing.
 */
export function BalanceCheck({ storeId }: { storeId: string }) {
  const { t, language } = useTranslation();
  const kr = useKr();
  const inputId = useId();
  const answerId = useId();
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeGiftCardCode(code);
    if (!normalized) {
      setAnswer({ refusal: t("errors.giftCardCodeInvalid") });
      return;
    }
    setPending(true);
    try {
      const url = `/api/stores/${encodeURIComponent(storeId)}/gift-cards/balance?code=${normalized}`;
      setAnswer({ balance: await apiJson<GiftCardBalance>("GET", url) });
    } catch (error) {
      setAnswer({ refusal: errorMessage(error, t("checkout.networkError")) });
    } finally {
      setPending(false);
    }
  }

  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(iso));
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3"
      aria-describedby={answer ? answerId : undefined}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        {t("giftCardPage.code")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX"
          aria-invalid={answer !== null && "refusal" in answer}
          className="h-12 font-mono tracking-wider uppercase sm:h-11"
        />
        <Button type="submit" variant="outline" className="h-12 sm:h-11" aria-disabled={pending}>
          {pending && <Spinner />}
          {t("giftCardPage.check")}
        </Button>
      </div>
      <div id={answerId} role="status" aria-live="polite">
        {answer &&
          ("balance" in answer ? (
            <p className="rounded-xl border bg-muted/40 p-4">
              <span className="block text-2xl font-semibold tabular-nums">{kr(answer.balance.balance)}</span>
              <span className="text-sm text-muted-foreground">
                {t("giftCardPage.validUntil", { date: day(answer.balance.expiresAt) })}
              </span>
            </p>
          ) : (
            <p className="text-sm font-medium text-error">{answer.refusal}</p>
          ))}
      </div>
    </form>
  );
}
