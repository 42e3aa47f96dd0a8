import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import {
  GIFT_CARD_MAX_VALIDITY_MONTHS,
  GIFT_CARD_MIN_VALIDITY_MONTHS,
  type GiftCardSettings,
  giftCardSettingsSchema,
} from "../../../shared/gift-card";
import { wholeKroner } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../hooks/use-toast";
import { apiJson } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { toastFailure } from "../../lib/toast-failure";

/** The form as typed: kroner as text, the amounts as one comma-separated line. */
interface Draft {
  enabled: boolean;
  amounts: string;
  customMin: string;
  customMax: string;
  validityMonths: string;
}

const toDraft = (settings: GiftCardSettings): Draft => ({
  enabled: settings.enabled,
  amounts: settings.amounts.map((amount) => String(wholeKroner(amount))).join(", "),
  customMin: settings.customMin === null ? "" : String(wholeKroner(settings.customMin)),
  customMax: settings.customMax === null ? "" : String(wholeKroner(settings.customMax)),
  validityMonths: String(settings.validityMonths),
});

const toInput = (draft: Draft) => ({
  enabled: draft.enabled,
  amounts: draft.amounts
    .split(/[,;\s]+/)
    .map((amount) => amount.trim())
    .filter(Boolean),
  customMin: draft.customMin.trim() || null,
  customMax: draft.customMax.trim() || null,
  validityMonths: Number(draft.validityMonths),
});

/** On or off, the amounts offered, a free amount's limits and how long a card is valid (decision 0076). */
export function GiftCardSettingsCard({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const url = `/api/stores/${encodeURIComponent(storeId)}/gift-card-settings`;
  const query = useQuery<GiftCardSettings>({ queryKey: [url] });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  useEffect(() => {
    if (query.data && !draft) setDraft(toDraft(query.data));
  }, [query.data, draft]);

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput>) => apiJson<GiftCardSettings>("PUT", url, input),
    onSuccess: (saved) => {
      queryClient.setQueryData([url], saved);
      setDraft(toDraft(saved));
      toast({ title: t("giftCards.savedTitle"), description: t("giftCards.saved") });
    },
    onError: (error) => toastFailure(t("giftCards.saveFailed"), error, t("common.tryAgain")),
  });

  if (!draft) return <Spinner />;
  const change = (field: keyof Draft) => (value: string | boolean) =>
    setDraft((current) => current && { ...current, [field]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const input = toInput(draft);
    // The server's own rules first, so a wrong amount is shown at its field.
    const parsed = giftCardSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "amounts") as keyof Draft;
        found[field] ??= t(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(input);
  }

  return (
    <Card id="store-gift-cards" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{t("giftCards.settingsTitle")}</CardTitle>
        <CardDescription>{t("giftCards.settingsSubtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-5 border-t pt-6">
          <div className="flex items-center gap-3">
            <Switch
              id="gift-cards-enabled"
              checked={draft.enabled}
              onCheckedChange={(checked) => change("enabled")(checked)}
            />
            <Label htmlFor="gift-cards-enabled">{t("giftCards.enabled")}</Label>
          </div>
          <FormField label={t("giftCards.amounts")} hint={t("giftCards.amountsHint")} error={errors.amounts}>
            {(control) => (
              <Input
                {...control}
                value={draft.amounts}
                onChange={(event) => change("amounts")(event.target.value)}
                inputMode="numeric"
                placeholder="250, 500, 1000"
              />
            )}
          </FormField>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">{t("giftCards.customAmount")}</legend>
            <FormField label={t("giftCards.customMin")} error={errors.customMin}>
              {(control) => (
                <Input
                  {...control}
                  value={draft.customMin}
                  onChange={(event) => change("customMin")(event.target.value)}
                  inputMode="numeric"
                />
              )}
            </FormField>
            <FormField label={t("giftCards.customMax")} error={errors.customMax}>
              {(control) => (
                <Input
                  {...control}
                  value={draft.customMax}
                  onChange={(event) => change("customMax")(event.target.value)}
                  inputMode="numeric"
                />
              )}
            </FormField>
            <p className="text-sm text-muted-foreground sm:col-span-2">{t("giftCards.customHint")}</p>
          </fieldset>
          <FormField
            label={t("giftCards.validity")}
            hint={t("giftCards.validityHint", {
              min: GIFT_CARD_MIN_VALIDITY_MONTHS,
              max: GIFT_CARD_MAX_VALIDITY_MONTHS,
            })}
            error={errors.validityMonths}
            className="sm:max-w-xs"
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={GIFT_CARD_MIN_VALIDITY_MONTHS}
                max={GIFT_CARD_MAX_VALIDITY_MONTHS}
                value={draft.validityMonths}
                onChange={(event) => change("validityMonths")(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={save.isPending}>
            {save.isPending ? t("giftCards.saving") : t("giftCards.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
