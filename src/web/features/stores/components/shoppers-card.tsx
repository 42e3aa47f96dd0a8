import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Clock, MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { LANGUAGES } from "../../../../shared/preferences";
import { type StoreSummary, updateStoreSchema } from "../../../../shared/store";
import type { z } from "../../../../shared/zod";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiJson } from "../../../lib/api";
import { DISCARD_EDITS } from "../../../lib/form-reset";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useUpdateStore } from "../api";
import { SaveState } from "./save-state";

const shoppersSchema = updateStoreSchema.pick({ contactEmail: true }).extend({
  defaultLocale: updateStoreSchema.shape.defaultLocale.unwrap(),
});
type ShoppersValues = z.input<typeof shoppersSchema>;
type ShoppersOutput = z.output<typeof shoppersSchema>;

const valuesOf = (store: StoreSummary): ShoppersValues => ({
  defaultLocale: (LANGUAGES as readonly string[]).includes(store.defaultLocale)
    ? (store.defaultLocale as ShoppersValues["defaultLocale"])
    : "en",
  contactEmail: store.contactEmail ?? "",
});

/**
 * What shoppers meet (decision 0066): the shop's language (its storefront, terms and e-mails) and the
 * address they reach the seller at (Reply-To of every e-mail, order page, receipt, terms). A section of
 * its own, saved on its own, that says whether it is saved; another address waits for its link.
 */
export function ShoppersCard({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const update = useUpdateStore(store.id);
  const submission = useSubmission();
  const form = useForm<ShoppersValues, unknown, ShoppersOutput>({
    resolver: zodResolver(shoppersSchema),
    values: valuesOf(store),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const resend = useMutation({
    mutationFn: () =>
      apiJson<{ email: string }>("POST", `/api/stores/${encodeURIComponent(store.id)}/contact-email/resend`),
    onSuccess: ({ email }) =>
      toast({ title: t("stores.contact.resentTitle"), description: t("stores.contact.resent", { email }) }),
    onError: (err) => toastFailure(t("stores.contact.resendFailed"), err, t("common.tryAgain")),
  });

  function submit(values: ShoppersOutput) {
    submission.submit(() =>
      update.mutateAsync(
        {
          defaultLocale: values.defaultLocale,
          contactEmail: values.contactEmail || null,
          expectedUpdatedAt: store.updatedAt,
        },
        {
          onSuccess: (saved) => {
            form.reset(valuesOf(saved), DISCARD_EDITS);
            toast({
              title: t("stores.updatedTitle"),
              description: saved.contactEmailPending
                ? t("stores.contact.waiting", { email: saved.contactEmail ?? "" })
                : t("stores.updatedDescription"),
            });
          },
          onError: (err) => toastFailure(t("stores.updateFailedTitle"), err, t("common.tryAgain")),
        },
      ),
    );
  }

  return (
    <Card id="store-shoppers" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{t("stores.contact.title")}</CardTitle>
        <CardDescription>{t("stores.contact.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5 border-t pt-6">
          <div className="grid gap-5 md:grid-cols-2">
            <FormField
              label={t("stores.contact.languageLabel")}
              hint={t("stores.contact.languageHint")}
              error={errors.defaultLocale?.message}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register("defaultLocale")}>
                  {LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {t(`stores.contact.languages.${language}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              label={t("stores.contact.emailLabel")}
              hint={t("stores.contact.emailHint", { email: store.contactEmailInUse })}
              error={errors.contactEmail?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("contactEmail")}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder={store.contactEmailInUse}
                />
              )}
            </FormField>
          </div>
          {store.contactEmailPending && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <p className="min-w-0 flex-[1_1_16rem]">
                {t("stores.contact.pending", {
                  email: store.contactEmail ?? "",
                  inUse: store.contactEmailInUse,
                })}
              </p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => resend.mutate()}
                disabled={resend.isPending}
              >
                {resend.isPending ? <Spinner /> : <MailCheck aria-hidden="true" />}
                {t("stores.contact.resend")}
              </Button>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <SaveState dirty={isDirty} />
            <Button type="submit" disabled={!isDirty || submission.pending}>
              {submission.pending && <Spinner />}
              {submission.pending ? t("stores.saving") : t("stores.contact.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
