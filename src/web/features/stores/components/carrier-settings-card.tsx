import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Info, Trash2, TriangleAlert, Truck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { CarrierSettingsView } from "../../../../shared/carrier-settings";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiJson, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { type CarrierFormValues, carrierFormValues, checkCarrierForm, toInput } from "./carrier-form-model";
import { SaveState } from "./save-state";

const storePath = (storeId: string) => `/api/stores/${encodeURIComponent(storeId)}`;

/**
 * "Shipping with Bring" (decision 0079): the seller's Mybring account, the sender on the labels, the
 * services the checkout offers (at Bring's price or the seller's own), the default weight, free delivery
 * and fulfilment on delivery. Saving asks Bring first, and its verdict is shown at once.
 */
export function CarrierSettingsCard({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const url = `${storePath(storeId)}/carrier`;
  const carrier = useQuery<CarrierSettingsView | null>({ queryKey: [url] });
  const connected = Boolean(carrier.data);
  // Bring's last verdict outlives the form, which starts anew from each saved version.
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  return (
    <Card id="store-carrier" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Truck aria-hidden="true" className="size-5" />
          {t("carrier.title")}
          {carrier.isSuccess && (
            <Badge variant={connected ? "success" : "neutral"}>
              {connected ? t("carrier.connectedBadge") : t("carrier.notConnectedBadge")}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t("carrier.subtitle")}</CardDescription>
      </CardHeader>
      {carrier.isPending ? (
        <CardContent className="flex justify-center py-10">
          <Spinner label={t("common.loading")} className="size-6 text-primary" />
        </CardContent>
      ) : carrier.isError ? (
        <CardContent>
          <LoadFailed onRetry={() => void carrier.refetch()} />
        </CardContent>
      ) : (
        <CardContent className="grid gap-5">
          <FallbackNotice storeId={storeId} />
          <CarrierForm
            key={carrier.data?.updatedAt ?? "none"}
            storeId={storeId}
            saved={carrier.data}
            verdict={verdict}
            onVerdict={setVerdict}
          />
        </CardContent>
      )}
    </Card>
  );
}

/** Bring never blocks a sale: without its answer shoppers get the store's own options, so say so. */
function FallbackNotice({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const own = useQuery<DeliveryOptionView[]>({ queryKey: [`${storePath(storeId)}/delivery-options`] });
  if (own.data && own.data.length === 0) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <p className="text-sm font-semibold">{t("carrier.noOwnOptions")}</p>
          <p className="text-sm opacity-90">{t("carrier.noOwnOptionsText")}</p>
        </div>
      </div>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t("carrier.fallbackHint")}
    </p>
  );
}

interface Verdict {
  ok: boolean;
  message: string;
}

interface CarrierFormProps {
  storeId: string;
  saved: CarrierSettingsView | null;
  verdict: Verdict | null;
  onVerdict: (verdict: Verdict | null) => void;
}

/** Keyed by the saved version: a save or a disconnect starts a new form, the key field empty again. */
function CarrierForm({ storeId, saved, verdict, onVerdict: setVerdict }: CarrierFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const url = `${storePath(storeId)}/carrier`;
  const connected = saved !== null;
  const ids = { fulfil: useId(), fulfilHint: useId(), services: useId(), verdict: useId() };
  const form = useForm<CarrierFormValues>({ defaultValues: carrierFormValues(saved) });
  const { errors } = form.formState;
  const submission = useSubmission();
  const [disconnecting, setDisconnecting] = useState(false);

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof toInput>) => apiJson<CarrierSettingsView>("PUT", url, input),
    onSuccess: (view) => {
      queryClient.setQueryData([url], view);
      setVerdict({ ok: true, message: t("carrier.accepted") });
      toast({ title: t("carrier.savedTitle"), description: t("carrier.accepted") });
    },
    // Bring's verdict (a refused key, Bring not answering) stays beside the button, not only in a toast.
    onError: (err) => setVerdict({ ok: false, message: errorMessage(err, t("carrier.saveFailed")) }),
  });

  const disconnect = useMutation({
    mutationFn: () => apiJson("DELETE", url),
    onSuccess: () => {
      setVerdict(null);
      queryClient.setQueryData([url], null);
      toast({ title: t("carrier.disconnectedTitle"), description: t("carrier.disconnected") });
    },
    onError: (err) => toastFailure(t("carrier.disconnectFailed"), err, t("common.tryAgain")),
  });

  const submit = form.handleSubmit((values) => {
    setVerdict(null);
    const checked = checkCarrierForm(values, connected);
    for (const { field, message } of checked.errors) form.setError(field, { message });
    if (!checked.input) {
      if (checked.errors.length === 0) setVerdict({ ok: false, message: t("carrier.saveFailed") });
      return;
    }
    if (checked.errors.length > 0) return;
    submission.submit(() => save.mutateAsync(toInput(values)));
  });

  const services = form.watch("services");
  return (
    <form noValidate onSubmit={submit} className="grid gap-5 border-t pt-6">
      <fieldset className="grid gap-5 md:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold">{t("carrier.account")}</legend>
        <FormField label={t("carrier.apiUid")} hint={t("carrier.apiUidHint")} error={errors.apiUid?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("apiUid")}
              type="email"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField
          label={t("carrier.apiKey")}
          hint={connected ? t("carrier.apiKeySaved") : t("carrier.apiKeyHint")}
          error={errors.apiKey?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("apiKey")}
              type="password"
              autoComplete="new-password"
              placeholder={connected ? "••••••••" : ""}
            />
          )}
        </FormField>
        <FormField label={t("carrier.customerNumber")} error={errors.customerNumber?.message}>
          {(control) => (
            <Input {...control} {...form.register("customerNumber")} inputMode="numeric" autoComplete="off" />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-5 md:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold">{t("carrier.sender")}</legend>
        <FormField label={t("carrier.senderName")} error={errors.sender?.name?.message}>
          {(control) => <Input {...control} {...form.register("sender.name")} autoComplete="organization" />}
        </FormField>
        <FormField label={t("carrier.street")} error={errors.sender?.street?.message}>
          {(control) => (
            <Input {...control} {...form.register("sender.street")} autoComplete="street-address" />
          )}
        </FormField>
        <FormField label={t("carrier.postalCode")} error={errors.sender?.postalCode?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("sender.postalCode")}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
            />
          )}
        </FormField>
        <FormField label={t("carrier.city")} error={errors.sender?.city?.message}>
          {(control) => (
            <Input {...control} {...form.register("sender.city")} autoComplete="address-level2" />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={errors.services ? ids.services : undefined}>
        <legend className="mb-1 text-sm font-semibold">{t("carrier.services")}</legend>
        <p className="text-xs text-muted-foreground">{t("carrier.servicesHint")}</p>
        <ul className="grid gap-3">
          {services.map((service, index) => (
            <li
              key={service.code}
              className="grid items-start gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_18rem]"
            >
              <div className="flex items-center gap-3 sm:pt-7">
                <input
                  id={`${ids.services}-${service.code}`}
                  type="checkbox"
                  {...form.register(`services.${index}.offered`)}
                  className="size-4 accent-primary"
                />
                <Label htmlFor={`${ids.services}-${service.code}`}>
                  {t(`shipping.service.${service.code}`)}
                </Label>
              </div>
              <FormField
                label={t("carrier.ownPrice", { service: t(`shipping.service.${service.code}`) })}
                error={errors.services?.[index]?.price?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...form.register(`services.${index}.price`)}
                    inputMode="numeric"
                    placeholder={t("carrier.bringsPrice")}
                    disabled={!service.offered}
                  />
                )}
              </FormField>
            </li>
          ))}
        </ul>
        {errors.services?.message && (
          <p id={ids.services} className="text-sm font-medium text-error">
            {t(errors.services.message)}
          </p>
        )}
      </fieldset>

      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          label={t("carrier.defaultWeight")}
          hint={t("carrier.defaultWeightHint")}
          error={errors.defaultWeightGrams?.message}
        >
          {(control) => <Input {...control} {...form.register("defaultWeightGrams")} inputMode="numeric" />}
        </FormField>
        <FormField
          label={t("carrier.freeAbove")}
          hint={t("carrier.freeAboveHint")}
          error={errors.freeAbove?.message}
        >
          {(control) => <Input {...control} {...form.register("freeAbove")} inputMode="numeric" />}
        </FormField>
      </div>

      <div className="flex items-start gap-3">
        <input
          id={ids.fulfil}
          type="checkbox"
          {...form.register("fulfilOnDelivery")}
          aria-describedby={ids.fulfilHint}
          className="mt-0.5 size-4 accent-primary"
        />
        <div className="grid gap-1">
          <Label htmlFor={ids.fulfil}>{t("carrier.fulfilOnDelivery")}</Label>
          <p id={ids.fulfilHint} className="text-xs text-muted-foreground">
            {t("carrier.fulfilOnDeliveryHint")}
          </p>
        </div>
      </div>

      {verdict && (
        <p
          id={ids.verdict}
          role={verdict.ok ? "status" : "alert"}
          data-testid="carrier-verdict"
          className={
            verdict.ok
              ? "flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100"
              : "flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
          }
        >
          {verdict.ok ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          {verdict.message}
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {connected && (
          <Button
            type="button"
            variant="outline"
            onClick={() => setDisconnecting(true)}
            className="text-error hover:bg-red-50 hover:text-error dark:hover:bg-red-950/50"
          >
            <Trash2 aria-hidden="true" />
            {t("carrier.disconnect")}
          </Button>
        )}
        <SaveState dirty={form.formState.isDirty} />
        <Button
          type="submit"
          disabled={submission.pending}
          aria-describedby={verdict ? ids.verdict : undefined}
        >
          {submission.pending && <Spinner />}
          {submission.pending ? t("carrier.checking") : connected ? t("carrier.save") : t("carrier.connect")}
        </Button>
      </div>

      <ConfirmDialog
        open={disconnecting}
        onOpenChange={setDisconnecting}
        title={t("carrier.disconnectTitle")}
        description={t("carrier.disconnectText")}
        confirmLabel={t("carrier.disconnect")}
        pendingLabel={t("carrier.disconnecting")}
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        destructive
      />
    </form>
  );
}
