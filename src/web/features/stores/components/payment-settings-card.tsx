import { zodResolver } from "@hookform/resolvers/zod";
import { CreditCard, TriangleAlert, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  PAYMENT_PROVIDERS,
  type PaymentChannelInput,
  type PaymentChannelView,
  type PaymentProvider,
  paymentChannelSchema,
} from "../../../../shared/payment";
import type { StoreSummary } from "../../../../shared/store";
import { z } from "../../../../shared/zod";
import { FormSwitch } from "../../../components/form-switch";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { DISCARD_EDITS } from "../../../lib/form-reset";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import {
  type PaymentSettingsChange,
  usePaymentChannels,
  usePaymentReadiness,
  useSavePaymentSettings,
} from "../api";

const paymentFormFields = z.object({
  vipps: z.string().trim(),
  stripe: z.string().trim(),
  isLive: z.boolean(),
  currentPassword: z.string(),
});
type PaymentFormValues = z.infer<typeof paymentFormFields>;

/** A new account id for a provider, or one emptied: where the store's money goes changes (decision 0058). */
function movesMoney(channels: PaymentChannelView[], values: Pick<PaymentFormValues, PaymentProvider>) {
  return PAYMENT_PROVIDERS.some(
    (provider) =>
      (values[provider] ?? "").trim() !==
      (channels.find((channel) => channel.provider === provider)?.externalId ?? ""),
  );
}

/**
 * Each filled provider must pass the shared channel schema; an emptied one is removed on save. Changing
 * where the money goes asks for the current password (a session alone may be stolen).
 */
const paymentFormSchema = (channels: PaymentChannelView[]) =>
  paymentFormFields.superRefine((values, ctx) => {
    if (movesMoney(channels, values) && !values.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "errors.payoutPasswordRequired" });
    }
    for (const provider of PAYMENT_PROVIDERS) {
      const externalId = values[provider];
      if (!externalId) continue;
      const parsed = paymentChannelSchema.safeParse({ provider, externalId, isLive: values.isLive });
      for (const issue of parsed.error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: [provider], message: issue.message });
      }
    }
  });

function valuesOf(channels: PaymentChannelView[]): PaymentFormValues {
  const byProvider = new Map(channels.map((channel) => [channel.provider, channel]));
  return {
    vipps: byProvider.get("vipps")?.externalId ?? "",
    stripe: byProvider.get("stripe")?.externalId ?? "",
    isLive: channels.some((channel) => channel.isLive),
    currentPassword: "",
  };
}

/**
 * What to send: channels that are new or changed and channels emptied, each with the version this form
 * showed, so a change saved meanwhile in another tab is refused (409).
 */
function changesOf(channels: PaymentChannelView[], values: PaymentFormValues): PaymentSettingsChange {
  const save: PaymentChannelInput[] = [];
  const remove: PaymentSettingsChange["remove"] = [];
  for (const provider of PAYMENT_PROVIDERS) {
    const externalId = values[provider];
    const current = channels.find((channel) => channel.provider === provider);
    // The password goes only with the calls that change where the money goes.
    const password = current?.externalId !== externalId ? { currentPassword: values.currentPassword } : {};
    if (externalId) {
      if (current?.externalId !== externalId || current.isLive !== values.isLive) {
        save.push({
          provider,
          externalId,
          isLive: values.isLive,
          expectedUpdatedAt: current?.updatedAt ?? null,
          ...password,
        });
      }
    } else if (current) {
      remove.push({ provider, expectedUpdatedAt: current.updatedAt, ...password });
    }
  }
  return { save, remove };
}

/**
 * docs/product-spec.md 2.8 Payment Settings: Vipps, Stripe and live mode. The spec's SMS order number is in
 * the SMS card, with its confirmation and the new-order texts (decision 0069).
 */
export function PaymentSettingsCard({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const channels = usePaymentChannels(store.id);
  const [editing, setEditing] = useState(false);
  // A new form after each save, so it shows what the server stored (the phone formatted, for one).
  const [saves, setSaves] = useState(0);
  const editRef = useRef<HTMLButtonElement>(null);
  const live = channels.data?.some((channel) => channel.isLive) ?? false;

  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Card id="store-payment" className="scroll-mt-24">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-[1_1_14rem] gap-1.5">
          <CardTitle className="flex items-center gap-2">
            {t("payments.title")}
            {channels.data && channels.data.length > 0 && (
              <Badge variant={live ? "success" : "warning"}>
                {live ? t("payments.liveBadge") : t("payments.testBadge")}
              </Badge>
            )}
          </CardTitle>
          <CardDescription>{t("payments.subtitle")}</CardDescription>
        </div>
        {channels.data && !editing && (
          <Button ref={editRef} variant="outline" onClick={() => setEditing(true)}>
            <CreditCard aria-hidden="true" />
            {t("payments.edit")}
          </Button>
        )}
      </CardHeader>
      <PaymentReadinessLine storeId={store.id} version={saves} />
      {channels.isPending ? (
        <CardContent className="flex justify-center py-10">
          <Spinner label={t("common.loading")} className="size-6 text-primary" />
        </CardContent>
      ) : channels.isError ? (
        <CardContent>
          <LoadFailed onRetry={() => void channels.refetch()} />
        </CardContent>
      ) : (
        <PaymentSettingsForm
          key={saves}
          store={store}
          channels={channels.data}
          editing={editing}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaves((count) => count + 1);
          }}
        />
      )}
    </Card>
  );
}

interface PaymentSettingsFormProps {
  store: StoreSummary;
  channels: PaymentChannelView[];
  editing: boolean;
  onCancel: () => void;
  onSaved: () => void;
}

function PaymentSettingsForm({ store, channels, editing, onCancel, onSaved }: PaymentSettingsFormProps) {
  const { t } = useTranslation();
  const save = useSavePaymentSettings(store.id);
  const submission = useSubmission();
  const liveId = useId();
  const liveHintId = useId();
  const schema = useMemo(() => paymentFormSchema(channels), [channels]);
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(schema),
    values: valuesOf(channels),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const [vipps, stripe] = form.watch(["vipps", "stripe"]);
  const asksPassword = editing && movesMoney(channels, { vipps, stripe });

  const { setFocus } = form;
  useEffect(() => {
    if (editing) setFocus("vipps");
  }, [editing, setFocus]);

  function cancel() {
    form.reset(valuesOf(channels), DISCARD_EDITS);
    onCancel();
  }

  function submit(values: PaymentFormValues) {
    submission.submit(() =>
      save.mutateAsync(changesOf(channels, values), {
        onSuccess: () => {
          onSaved();
          toast({ title: t("payments.updatedTitle"), description: t("payments.updatedDescription") });
        },
        onError: (err) => {
          toastFailure(t("payments.updateFailedTitle"), err, t("common.tryAgain"));
        },
      }),
    );
  }

  return (
    <CardContent>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5 border-t pt-6">
        {channels.length === 0 && (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{t("payments.noneConfigured")}</p>
              <p className="text-sm opacity-90">{t("payments.noneConfiguredText")}</p>
            </div>
          </div>
        )}
        <div className="grid gap-5 md:grid-cols-2">
          <FormField
            label={t("payments.vippsLabel")}
            hint={t("payments.vippsHint")}
            error={errors.vipps?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("vipps")}
                inputMode="numeric"
                autoComplete="off"
                placeholder={editing ? "123456" : t("payments.notSet")}
                readOnly={!editing}
              />
            )}
          </FormField>
          <FormField
            label={t("payments.stripeLabel")}
            hint={t("payments.stripeHint")}
            error={errors.stripe?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("stripe")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={editing ? "acct_1A2b3C4d5E6f" : t("payments.notSet")}
                readOnly={!editing}
              />
            )}
          </FormField>
        </div>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={liveId}>{t("payments.liveLabel")}</Label>
            <p id={liveHintId} className="text-xs text-muted-foreground">
              {t("payments.liveHint")}
            </p>
          </div>
          <FormSwitch
            control={form.control}
            name="isLive"
            id={liveId}
            describedBy={liveHintId}
            disabled={!editing}
            className="mt-0.5"
          />
        </div>
        {asksPassword && (
          <FormField
            label={t("payments.currentPassword")}
            hint={t("payments.currentPasswordHint")}
            error={errors.currentPassword?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("currentPassword")}
                type="password"
                autoComplete="current-password"
                className="md:max-w-[calc(50%-0.625rem)]"
              />
            )}
          </FormField>
        )}
        {editing && (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel} disabled={save.isPending}>
              <X aria-hidden="true" />
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={submission.pending}>
              {submission.pending && <Spinner />}
              {submission.pending ? t("payments.saving") : t("payments.save")}
            </Button>
          </div>
        )}
      </form>
    </CardContent>
  );
}

/** "Vipps: taking payments", "Card: not live": can each channel take payments now, and why not. */
function PaymentReadinessLine({ storeId, version }: { storeId: string; version: number }) {
  const { t } = useTranslation();
  const readiness = usePaymentReadiness(storeId, version);
  if (!readiness.data) return null;
  return (
    <CardContent className="pb-0">
      <ul className="grid gap-1 text-sm" aria-label={t("payments.readinessLabel")}>
        {PAYMENT_PROVIDERS.map((provider) => {
          const state = readiness.data[provider];
          return (
            <li key={provider} className="flex items-center gap-2" data-readiness={state}>
              <span
                aria-hidden="true"
                className={
                  state === "ok" ? "size-2 rounded-full bg-emerald-600" : "size-2 rounded-full bg-stone-400"
                }
              />
              <span className="font-medium">{t(`payments.readiness.provider.${provider}`)}:</span>
              <span className="text-muted-foreground">{t(`payments.readiness.${state}`)}</span>
            </li>
          );
        })}
      </ul>
    </CardContent>
  );
}
