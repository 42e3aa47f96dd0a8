import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { slugify } from "../../../../shared/slug";
import { type StoreSummary, updateStoreSchema } from "../../../../shared/store";
import type { z } from "../../../../shared/zod";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { DISCARD_EDITS } from "../../../lib/form-reset";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useUpdateStore } from "../api";
import { isStaleSave } from "../stale-save";
import { slugConflict } from "./slug-conflict";
import { SlugInput } from "./slug-input";
import { type SlugConflict, SlugStatus } from "./slug-status";

/** The settings form always sends name and URL, so both are required here ("Store name and URL are required."). */
const settingsSchema = updateStoreSchema.pick({ heroImageUrl: true, description: true }).extend({
  name: updateStoreSchema.shape.name.unwrap(),
  slug: updateStoreSchema.shape.slug.unwrap(),
});
type SettingsValues = z.input<typeof settingsSchema>;
type SettingsOutput = z.output<typeof settingsSchema>;

function valuesOf(store: StoreSummary): SettingsValues {
  return {
    name: store.name,
    slug: store.slug,
    heroImageUrl: store.heroImageUrl ?? "",
    description: store.theme.description ?? "",
  };
}

/** docs/product-spec.md 2.8 Settings: name, URL, hero image URL and description, read-only until "Edit Settings". */
export function StoreSettingsCard({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const update = useUpdateStore(store.id);
  const submission = useSubmission();
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState<SlugConflict | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const form = useForm<SettingsValues, unknown, SettingsOutput>({
    resolver: zodResolver(settingsSchema),
    values: valuesOf(store),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const slug = form.watch("slug");

  // Focus moves into the form when editing starts and back to "Edit Settings" when it ends.
  const { setFocus } = form;
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) setFocus("name");
    else if (wasEditing.current) toggleRef.current?.focus();
    wasEditing.current = editing;
  }, [editing, setFocus]);

  function stopEditing() {
    form.reset(valuesOf(store), DISCARD_EDITS);
    setConflict(null);
    setEditing(false);
  }

  function applySuggestion(suggestion: string) {
    setConflict(null);
    form.setValue("slug", suggestion, { shouldValidate: true, shouldDirty: true });
    form.setFocus("slug");
  }

  function submit(values: SettingsOutput) {
    setConflict(null);
    submission.submit(() =>
      update.mutateAsync(
        {
          ...values,
          heroImageUrl: values.heroImageUrl || null,
          description: values.description || null,
          // A change saved meanwhile in another tab is refused (409, the toast below) rather than overwritten.
          expectedUpdatedAt: store.updatedAt,
        },
        {
          onSuccess: (saved) => {
            form.reset(valuesOf(saved), DISCARD_EDITS);
            setEditing(false);
            toast({ title: t("stores.updatedTitle"), description: t("stores.updatedDescription") });
          },
          onError: (err) => {
            // A stale save is no slug conflict: its message is the toast alone, the input stays as typed.
            if (!isStaleSave(err)) setConflict(slugConflict(err, values.slug));
            toastFailure(t("stores.updateFailedTitle"), err, t("common.tryAgain"));
          },
        },
      ),
    );
  }

  const slugField = form.register("slug", {
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const cleaned = slugify(event.target.value);
      if (cleaned && cleaned !== event.target.value) form.setValue("slug", cleaned, { shouldValidate: true });
    },
  });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-[1_1_14rem] gap-1.5">
          <CardTitle>{t("stores.settingsTitle")}</CardTitle>
          <CardDescription>{t("stores.settingsSubtitle")}</CardDescription>
        </div>
        {!editing && (
          <Button ref={toggleRef} variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t("stores.editSettings")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-5 border-t pt-6">
          <div className="grid gap-5 md:grid-cols-2">
            <FormField label={t("stores.nameLabel")} error={errors.name?.message}>
              {(control) => <Input {...control} {...form.register("name")} readOnly={!editing} />}
            </FormField>
            <FormField label={t("stores.slugLabel")} error={errors.slug?.message}>
              {(control) => (
                <>
                  <SlugInput
                    {...control}
                    {...slugField}
                    readOnly={!editing}
                    aria-invalid={control["aria-invalid"] || Boolean(conflict && conflict.slug === slug)}
                    aria-describedby={[control["aria-describedby"], statusId].filter(Boolean).join(" ")}
                  />
                  {editing && (
                    <SlugStatus
                      id={statusId}
                      slug={slug}
                      ownSlug={store.slug}
                      conflict={conflict}
                      onUseSuggestion={applySuggestion}
                    />
                  )}
                </>
              )}
            </FormField>
          </div>
          <FormField
            label={t("stores.heroImageLabel")}
            hint={t("stores.heroImageHint")}
            error={errors.heroImageUrl?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("heroImageUrl")}
                inputMode="url"
                placeholder={editing ? "https://" : t("stores.heroImageNone")}
                readOnly={!editing}
              />
            )}
          </FormField>
          <FormField
            label={t("stores.descriptionLabel")}
            hint={t("stores.descriptionHint")}
            error={errors.description?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register("description")}
                rows={4}
                placeholder={editing ? t("stores.descriptionPlaceholder") : t("stores.descriptionNone")}
                readOnly={!editing}
              />
            )}
          </FormField>
          {editing && (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={stopEditing} disabled={submission.pending}>
                <X aria-hidden="true" />
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={submission.pending}>
                {submission.pending && <Spinner />}
                {submission.pending ? t("stores.saving") : t("stores.saveChanges")}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
