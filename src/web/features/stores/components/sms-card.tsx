import { MessageSquareText } from "lucide-react";
import { useId, useState } from "react";
import { formatPhone, toE164 } from "../../../../shared/phone";
import type { StoreSummary } from "../../../../shared/store";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useSaveSettings, useUserSettings } from "../../../lib/settings";
import { useUpdateStore } from "../api";
import { StorePhoneVerification } from "./store-phone-verification";

/**
 * Everything the seller's SMS is, in one card (decision 0069): the store's SMS order phone (a mobile; the
 * server refuses a landline with a message), its confirmation by a texted code, and the switch for the
 * new-order texts (the seller's own setting, smsNotifications, so it covers all their stores).
 */
export function SmsCard({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <MessageSquareText aria-hidden="true" className="size-5 text-muted-foreground" />
          {t("smsCard.title")}
        </CardTitle>
        <CardDescription>{t("smsCard.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SmsPhoneForm key={store.phone ?? ""} store={store} />
        <StorePhoneVerification store={store} />
        <NewOrderTextsSwitch store={store} />
      </CardContent>
    </Card>
  );
}

function SmsPhoneForm({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const update = useUpdateStore(store.id);
  const submission = useSubmission();
  const saved = store.phone ? formatPhone(store.phone) : "";
  const [phone, setPhone] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const typed = phone.trim();
  const changed = (typed ? (toE164(typed) ?? typed) : null) !== (store.phone ?? null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (typed && !toE164(typed)) {
      setError("errors.phoneInvalid");
      return;
    }
    setError(undefined);
    submission.submit(() =>
      // A change saved meanwhile in another tab is refused (409) rather than overwritten. The toast
      // follows the promise: a saved number remounts this form (its key), which drops mutate's callbacks.
      update.mutateAsync({ phone: typed || null, expectedUpdatedAt: store.updatedAt }).then(
        (next) => {
          toast({
            title: t("smsCard.phoneSavedTitle"),
            description: next.phone
              ? t("smsCard.phoneSaved", { phone: formatPhone(next.phone) })
              : t("smsCard.phoneRemoved"),
          });
        },
        // The server's reason (not a mobile, a country Torg does not text...) goes under the field.
        (err) => setError(errorMessage(err, t("common.tryAgain"))),
      ),
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label={t("payments.phoneLabel")} hint={t("payments.phoneHint")} error={error}>
        {(control) => (
          <Input
            {...control}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t("payments.phonePlaceholder")}
            className="md:max-w-[calc(50%-0.625rem)]"
          />
        )}
      </FormField>
      {changed && (
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button type="submit" disabled={submission.pending}>
            {submission.pending && <Spinner />}
            {t("smsCard.savePhone")}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={submission.pending}
            onClick={() => {
              setPhone(saved);
              setError(undefined);
            }}
          >
            {t("common.cancel")}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The new-order texts: saved at once, like the language and the theme. */
function NewOrderTextsSwitch({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const save = useSaveSettings();
  const id = useId();
  const on = save.isPending
    ? Boolean(save.variables?.smsNotifications)
    : Boolean(settings.data?.smsNotifications);
  const hint = !on
    ? t("smsCard.newOrdersOff")
    : store.phone && store.phoneVerified
      ? t("smsCard.newOrdersOn", { phone: formatPhone(store.phone) })
      : t("smsCard.newOrdersWaiting");

  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t("smsCard.newOrders")}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={on}
        disabled={!settings.data || save.isPending}
        onCheckedChange={(next) => save.mutate({ smsNotifications: next })}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
    </div>
  );
}
