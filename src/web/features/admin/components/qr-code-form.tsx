import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Plus, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { createQrCodeSchema, type QrCodeView } from "../../../../shared/qr";
import type { StoreSummary } from "../../../../shared/store";
import { z } from "../../../../shared/zod";
import { FormSwitch } from "../../../components/form-switch";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { storeKeys } from "../../../lib/queries/stores";
import { toastFailure } from "../../../lib/toast-failure";
import { cn } from "../../../lib/utils";
import { useSaveQrCode } from "../api";
import { qrImageUrl } from "./qr-image";

/** The select's value for "no store"; Radix selects cannot hold an empty value. */
const UNASSIGNED = "unassigned";

/** The create schema's own rules for code and URL, so the form says what the server would. */
const qrFormSchema = z.object({
  code: createQrCodeSchema.shape.code,
  url: createQrCodeSchema.shape.url,
  storeId: z.string(),
  isActive: z.boolean(),
});
type FormValues = z.input<typeof qrFormSchema>;
type FormOutput = z.output<typeof qrFormSchema>;

function valuesOf(qr: QrCodeView | null, defaultStoreId?: string): FormValues {
  if (!qr) return { code: "", url: "", storeId: defaultStoreId ?? UNASSIGNED, isActive: true };
  return { code: qr.code, url: qr.url, storeId: qr.storeId ?? UNASSIGNED, isActive: qr.isActive };
}

interface QrCodeFormProps {
  /** The code being edited; null for a new one. Give the form a key per code: it starts afresh for each. */
  editing: QrCodeView | null;
  /** Brings the form into view with its first field focused (after a row's Edit, or New QR Code). */
  autoFocus: boolean;
  onSaved: (qr: QrCodeView, created: boolean) => void;
  onNew: () => void;
  /** The store a new code is linked to at first (a store's own QR tab). */
  defaultStoreId?: string;
  className?: string;
}

/** decision 0012: the side form creates a code (its text optional) or edits one, with the code's preview. */
export function QrCodeForm({
  editing,
  autoFocus,
  onSaved,
  onNew,
  defaultStoreId,
  className,
}: QrCodeFormProps) {
  const { t } = useTranslation();
  const save = useSaveQrCode();
  const submission = useSubmission();
  // Like the lists beside it, the store choice is read afresh: a store made elsewhere is there too.
  const stores = useQuery<StoreSummary[]>({ queryKey: storeKeys.all, staleTime: 0 });
  const [serverError, setServerError] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const ids = { store: useId(), active: useId(), activeHint: useId(), error: useId() };
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(qrFormSchema),
    defaultValues: valuesOf(editing, defaultStoreId),
  });
  const { errors } = form.formState;

  const { setFocus } = form;
  const firstField = editing ? "url" : "code";
  useEffect(() => {
    if (!autoFocus) return;
    cardRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    setFocus(firstField);
  }, [autoFocus, firstField, setFocus]);

  function submit(values: FormOutput) {
    setServerError(null);
    const input = {
      code: values.code,
      url: values.url,
      storeId: values.storeId === UNASSIGNED ? null : values.storeId,
      isActive: values.isActive,
    };
    submission.submit(() =>
      save.mutateAsync(
        { id: editing?.id ?? null, input },
        {
          onSuccess: (qr) => {
            const created = !editing;
            toast(
              created
                ? {
                    title: t("admin.qr.createdTitle"),
                    description: t("admin.qr.createdDescription", { code: qr.code }),
                  }
                : {
                    title: t("admin.qr.updatedTitle"),
                    description: t("admin.qr.updatedDescription", { code: qr.code }),
                  },
            );
            onSaved(qr, created);
          },
          onError: (err) => {
            setServerError(
              toastFailure(t("admin.qr.saveFailedTitle"), err, t("admin.qr.saveFailedDescription")),
            );
          },
        },
      ),
    );
  }

  // A platform admin may edit a code of a store that is not theirs: it stays selectable.
  const storeOptions = stores.data ?? [];
  const foreignStore =
    editing?.storeId && editing.store && !storeOptions.some((store) => store.id === editing.storeId)
      ? { id: editing.storeId, name: editing.store.name }
      : null;

  return (
    <Card ref={cardRef} className={cn("scroll-mt-24", className)}>
      <CardHeader className="pb-4">
        <CardTitle>{editing ? t("admin.qr.editTitle") : t("admin.qr.createTitle")}</CardTitle>
        <CardDescription>
          {editing ? t("admin.qr.editDescription", { code: editing.code }) : t("admin.qr.createDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
          className="grid gap-5"
          aria-describedby={serverError ? ids.error : undefined}
        >
          {editing && (
            <div className="flex justify-center rounded-lg border bg-white p-3">
              <img
                src={qrImageUrl(editing)}
                alt={t("admin.qr.preview", { code: editing.code })}
                width={200}
                className="h-auto w-[200px]"
              />
            </div>
          )}
          <FormField
            label={t("admin.qr.codeLabel")}
            hint={editing ? t("admin.qr.codeLocked") : t("admin.qr.codeHint")}
            error={errors.code?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("code")}
                readOnly={Boolean(editing)}
                autoComplete="off"
                spellCheck={false}
                placeholder={t("admin.qr.codePlaceholder")}
                className="font-mono"
              />
            )}
          </FormField>
          <FormField label={t("admin.qr.urlLabel")} hint={t("admin.qr.urlHint")} error={errors.url?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("url")}
                type="url"
                inputMode="url"
                placeholder="https://"
              />
            )}
          </FormField>
          <div className="grid gap-2">
            <Label htmlFor={ids.store}>{t("admin.qr.storeLabel")}</Label>
            <Controller
              control={form.control}
              name="storeId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={ids.store} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={UNASSIGNED}>{t("admin.qr.unassigned")}</SelectItem>
                    {storeOptions.map((store) => (
                      <SelectItem key={store.id} value={store.id}>
                        {store.name}
                      </SelectItem>
                    ))}
                    {foreignStore && <SelectItem value={foreignStore.id}>{foreignStore.name}</SelectItem>}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={ids.active}>{t("admin.qr.activeLabel")}</Label>
              <p id={ids.activeHint} className="text-xs text-muted-foreground">
                {t("admin.qr.activeHint")}
              </p>
            </div>
            <FormSwitch control={form.control} name="isActive" id={ids.active} describedBy={ids.activeHint} />
          </div>
          {serverError && (
            <p
              id={ids.error}
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-error/40 bg-error/5 p-3 text-sm font-medium text-error"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {serverError}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {editing && (
              <Button variant="outline" onClick={onNew} disabled={submission.pending}>
                <Plus aria-hidden="true" />
                {t("admin.qr.newCode")}
              </Button>
            )}
            <Button type="submit" disabled={submission.pending}>
              {submission.pending && <Spinner />}
              {editing
                ? submission.pending
                  ? t("admin.qr.saving")
                  : t("admin.qr.save")
                : submission.pending
                  ? t("admin.qr.creating")
                  : t("admin.qr.create")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
