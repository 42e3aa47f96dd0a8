import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { formatOrgNumber } from "../../../../shared/org-number";
import { legalSettingsFields, type StoreSummary } from "../../../../shared/store";
import { isVatRate, VAT_RATES, type VatRate } from "../../../../shared/vat";
import { z } from "../../../../shared/zod";
import { FormSwitch } from "../../../components/form-switch";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { DISCARD_EDITS } from "../../../lib/form-reset";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useUpdateStore } from "../api";
import { SaveState } from "./save-state";

/** The form's fields as typed: the VAT rate is a select's text, "" or one of VAT_RATES. */
const legalFormSchema = z.object({
  vatRate: z.string().refine((rate) => rate === "" || isVatRate(Number(rate)), "errors.vatRateInvalid"),
  legalName: legalSettingsFields.legalName,
  orgNumber: legalSettingsFields.orgNumber,
  address: legalSettingsFields.address,
  termsExtra: legalSettingsFields.termsExtra,
  stallFullDocuments: z.boolean(),
});
type LegalValues = z.infer<typeof legalFormSchema>;

function valuesOf(store: StoreSummary): LegalValues {
  return {
    vatRate: store.vatRate === null ? "" : String(store.vatRate),
    legalName: store.legalName ?? "",
    orgNumber: store.orgNumber ? formatOrgNumber(store.orgNumber) : "",
    address: store.address ?? "",
    termsExtra: store.termsExtra ?? "",
    stallFullDocuments: store.stallFullDocuments,
  };
}

/**
 * MVA and the seller's legal details (decision 0036): shown on receipts and the store's terms page,
 * where the extra text is added. The organisation number is checked with the route's own mod-11 check.
 */
export function LegalSettingsCard({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const update = useUpdateStore(store.id);
  const submission = useSubmission();
  const form = useForm<LegalValues>({
    resolver: zodResolver(legalFormSchema),
    values: valuesOf(store),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const fullDocumentsId = useId();

  const submit = form.handleSubmit((values) =>
    submission.submit(() =>
      update.mutateAsync(
        {
          vatRate: values.vatRate === "" ? null : (Number(values.vatRate) as VatRate),
          legalName: values.legalName || null,
          orgNumber: values.orgNumber || null,
          address: values.address || null,
          termsExtra: values.termsExtra || null,
          stallFullDocuments: values.stallFullDocuments,
          expectedUpdatedAt: store.updatedAt,
        },
        {
          onSuccess: (saved) => {
            form.reset(valuesOf(saved), DISCARD_EDITS);
            toast({ title: t("stores.updatedTitle"), description: t("stores.legal.saved") });
          },
          onError: (err) => toastFailure(t("stores.updateFailedTitle"), err, t("common.tryAgain")),
        },
      ),
    ),
  );

  return (
    <Card id="store-legal" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{t("stores.legal.title")}</CardTitle>
        <CardDescription>{t("stores.legal.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-5 border-t pt-6">
          <div className="grid gap-5 md:grid-cols-2">
            <FormField label={t("stores.legal.vatRate")} error={errors.vatRate?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register("vatRate")}>
                  <option value="">{t("stores.legal.vatNone")}</option>
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {t(`stores.legal.vat${rate}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label={t("stores.legal.orgNumber")}
              hint={t("stores.legal.orgNumberHint")}
              error={errors.orgNumber?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("orgNumber")}
                  inputMode="numeric"
                  placeholder="923 609 016"
                />
              )}
            </FormField>
            <FormField label={t("stores.legal.legalName")} error={errors.legalName?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("legalName")}
                  autoComplete="organization"
                  placeholder={t("stores.legal.legalNamePlaceholder")}
                />
              )}
            </FormField>
            <FormField label={t("stores.legal.address")} error={errors.address?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register("address")}
                  autoComplete="street-address"
                  placeholder={t("stores.legal.addressPlaceholder")}
                />
              )}
            </FormField>
          </div>
          <FormField
            label={t("stores.legal.termsExtra")}
            hint={t("stores.legal.termsExtraHint")}
            error={errors.termsExtra?.message}
          >
            {(control) => <Textarea {...control} {...form.register("termsExtra")} rows={4} />}
          </FormField>
          {/* The cash-register rules' own answer for a stall (decision 0078): a sales document for every sale. */}
          <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
            <div className="grid gap-1">
              <Label htmlFor={fullDocumentsId}>{t("marketReceipts.settings.fullDocuments")}</Label>
              <p id={`${fullDocumentsId}-hint`} className="text-xs text-muted-foreground">
                {t("marketReceipts.settings.fullDocumentsHelp")}
              </p>
            </div>
            <FormSwitch
              control={form.control}
              name="stallFullDocuments"
              id={fullDocumentsId}
              describedBy={`${fullDocumentsId}-hint`}
              className="mt-0.5"
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <a
              href={`/s/${store.slug}/terms`}
              target="_blank"
              rel="noopener"
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              {t("stores.legal.viewTerms")}
            </a>
            <SaveState dirty={form.formState.isDirty} />
            <Button type="submit" disabled={submission.pending}>
              {submission.pending && <Spinner />}
              {submission.pending ? t("stores.saving") : t("stores.legal.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
