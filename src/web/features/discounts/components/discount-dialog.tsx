import { Sparkles, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DISCOUNT_KINDS, type DiscountView, discountInputSchema } from "../../../../shared/discount";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { ApiError, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useSaveDiscount } from "../api";
import { type DiscountFormValues, discountBodyOf, fieldOfPath, formValuesOf } from "./discount-form";
import { generateDiscountCode } from "./generate-code";
import { ProductPicker } from "./product-picker";

interface DiscountDialogProps {
  storeId: string;
  /** Open with null for a new code, with a code to edit it; undefined: closed. */
  editing: DiscountView | null | undefined;
  onClose: () => void;
}

const KIND_LABEL = {
  percent: "discounts.form.kindPercent",
  amount: "discounts.form.kindAmount",
  free_delivery: "discounts.form.kindFreeDelivery",
} as const;

/** Creates or edits a code (issue 29): the dialog is keyed per code, so each opening starts afresh. */
export function DiscountDialog({ storeId, editing, onClose }: DiscountDialogProps) {
  return (
    <Dialog open={editing !== undefined} onOpenChange={(open) => !open && onClose()}>
      {editing !== undefined && (
        <DiscountDialogBody
          key={editing?.id ?? "new"}
          storeId={storeId}
          editing={editing}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function DiscountDialogBody({
  storeId,
  editing,
  onClose,
}: {
  storeId: string;
  editing: DiscountView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDiscount(storeId);
  const submission = useSubmission();
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { kind: useId(), error: useId(), once: useId(), onceHint: useId() };
  const form = useForm<DiscountFormValues>({ defaultValues: formValuesOf(editing) });
  const { errors } = form.formState;
  const kind = form.watch("kind");

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const body = discountBodyOf(values, editing?.state);
    // The server's own schema first, so a mistake is shown at its field before anything is sent.
    const parsed = discountInputSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOfPath(issue.path[0] as string | undefined);
        if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
        else setFormError(t(issue.message));
      }
      return;
    }
    return submission.submit(() =>
      save.mutateAsync(
        { id: editing?.id ?? null, body },
        {
          onSuccess: (saved) => {
            toast({
              title: editing ? t("discounts.toast.saved") : t("discounts.toast.created"),
              description: saved.code,
            });
            onClose();
          },
          onError: (error) => {
            const message = errorMessage(error, t("discounts.toast.saveFailed"));
            const field = fieldOfPath(serverField(error));
            if (field) form.setError(field, { message }, { shouldFocus: true });
            else setFormError(message);
          },
        },
      ),
    );
  });

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>
          {editing ? t("discounts.form.editTitle", { code: editing.code }) : t("discounts.form.createTitle")}
        </DialogTitle>
        <DialogDescription>{t("discounts.form.description")}</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-5"
        aria-describedby={formError ? ids.error : undefined}
      >
        <FormField
          label={t("discounts.form.code")}
          hint={t("discounts.form.codeHint")}
          error={errors.code?.message}
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                {...form.register("code")}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="characters"
                placeholder="SOMMER10"
                className="font-mono uppercase placeholder:normal-case"
              />
              <Button
                variant="outline"
                onClick={() => form.setValue("code", generateDiscountCode(), { shouldDirty: true })}
              >
                <Sparkles aria-hidden="true" />
                {t("discounts.form.generate")}
              </Button>
            </div>
          )}
        </FormField>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("discounts.form.kind")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {DISCOUNT_KINDS.map((option) => (
              <label
                key={option}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg border bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent/60",
                  "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                )}
              >
                <input
                  type="radio"
                  value={option}
                  {...form.register("kind")}
                  className="size-4 accent-primary"
                />
                {t(KIND_LABEL[option])}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          {kind !== "free_delivery" && (
            <FormField
              label={kind === "percent" ? t("discounts.form.valuePercent") : t("discounts.form.valueAmount")}
              error={errors.value?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register("value")}
                  inputMode={kind === "percent" ? "numeric" : "decimal"}
                  placeholder={kind === "percent" ? "10" : "50"}
                />
              )}
            </FormField>
          )}
          <FormField
            label={t("discounts.form.minimum")}
            hint={t("discounts.form.minimumHint")}
            error={errors.minOrderTotal?.message}
          >
            {(control) => <Input {...control} {...form.register("minOrderTotal")} inputMode="numeric" />}
          </FormField>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <WindowField which="start" form={form} error={errors.startDate?.message} />
          <WindowField which="end" form={form} error={errors.endDate?.message} />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label={t("discounts.form.maxUses")}
            hint={t("discounts.form.maxUsesHint")}
            error={errors.maxUses?.message}
          >
            {(control) => <Input {...control} {...form.register("maxUses")} inputMode="numeric" />}
          </FormField>
          <div className="flex items-start gap-3 sm:pt-7">
            <input
              id={ids.once}
              type="checkbox"
              {...form.register("onePerShopper")}
              aria-describedby={ids.onceHint}
              className="mt-0.5 size-4 accent-primary"
            />
            <div className="grid gap-1">
              <Label htmlFor={ids.once}>{t("discounts.form.onePerShopper")}</Label>
              <p id={ids.onceHint} className="text-xs text-muted-foreground">
                {t("discounts.form.onePerShopperHint")}
              </p>
            </div>
          </div>
        </div>

        <FormField
          label={t("discounts.form.products")}
          hint={t("discounts.form.productsHint")}
          error={errors.productIds?.message}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="productIds"
              render={({ field }) => (
                <ProductPicker
                  storeId={storeId}
                  value={field.value}
                  onChange={field.onChange}
                  id={control.id}
                  describedBy={control["aria-describedby"]}
                  invalid={control["aria-invalid"]}
                />
              )}
            />
          )}
        </FormField>

        {formError && (
          <p
            id={ids.error}
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-error/40 bg-error/5 p-3 text-sm font-medium text-error"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {formError}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={submission.pending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={submission.pending}>
            {submission.pending && <Spinner />}
            {submission.pending
              ? t("discounts.form.saving")
              : editing
                ? t("discounts.form.save")
                : t("discounts.form.create")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** The field a refusal names (`{ message, field }` from the discounts API), if any. */
function serverField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = JSON.parse(error.body) as { field?: unknown; issues?: { path?: unknown }[] };
    if (typeof body.field === "string") return body.field;
    const path = body.issues?.[0]?.path;
    return typeof path === "string" ? path.split(".")[0] : undefined;
  } catch {
    return undefined;
  }
}

/** A start or end: an Oslo date and a time, side by side, under one label. */
function WindowField({
  which,
  form,
  error,
}: {
  which: "start" | "end";
  form: ReturnType<typeof useForm<DiscountFormValues>>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const dateField = which === "start" ? "startDate" : "endDate";
  const timeField = which === "start" ? "startTime" : "endTime";
  return (
    <FormField
      label={which === "start" ? t("discounts.form.starts") : t("discounts.form.ends")}
      hint={which === "start" ? t("discounts.form.startsHint") : t("discounts.form.endsHint")}
      error={error}
    >
      {(control) => (
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <Input {...control} {...form.register(dateField)} type="date" />
          <Input
            {...form.register(timeField)}
            type="time"
            aria-label={which === "start" ? t("discounts.form.startTime") : t("discounts.form.endTime")}
            className="w-28"
          />
        </div>
      )}
    </FormField>
  );
}
