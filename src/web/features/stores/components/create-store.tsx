import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { slugify } from "../../../../shared/slug";
import { type CreateStoreInput, createStoreSchema } from "../../../../shared/store";
import type { z } from "../../../../shared/zod";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useCreateStore } from "../api";
import { slugConflict } from "./slug-conflict";
import { SlugInput } from "./slug-input";
import { type SlugConflict, SlugStatus } from "./slug-status";

type FormValues = z.input<typeof createStoreSchema>;

/** docs/product-spec.md 2.6: name, an automatic but editable URL with a live availability check, and a description. */
export function CreateStorePage() {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateStore();
  const submission = useSubmission();
  const statusId = useId();
  // The URL follows the name until the seller types a URL of their own.
  const slugEdited = useRef(false);
  const [conflict, setConflict] = useState<SlugConflict | null>(null);
  const form = useForm<FormValues, unknown, CreateStoreInput>({
    resolver: zodResolver(createStoreSchema),
    defaultValues: { name: "", slug: "", description: "" },
  });
  const { errors } = form.formState;
  const slug = form.watch("slug");

  const nameField = form.register("name", {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugEdited.current) form.setValue("slug", slugify(event.target.value), { shouldValidate: false });
    },
  });
  const slugField = form.register("slug", {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      slugEdited.current = event.target.value !== "";
      if (!slugEdited.current) form.setValue("slug", slugify(form.getValues("name")));
    },
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const cleaned = slugify(event.target.value);
      if (cleaned !== event.target.value) form.setValue("slug", cleaned, { shouldValidate: true });
    },
  });

  function applySuggestion(suggestion: string) {
    slugEdited.current = true;
    setConflict(null);
    form.setValue("slug", suggestion, { shouldValidate: true });
    form.setFocus("slug");
  }

  function submit(values: CreateStoreInput) {
    setConflict(null);
    // The store speaks its maker's language (Finn.no listings, SMS, storefront default) until changed.
    submission.submit(() =>
      create.mutateAsync(
        { ...values, defaultLocale: language },
        {
          onSuccess: (store) => {
            toast({
              title: t("stores.createdTitle"),
              description: t("stores.createdDescription", { name: store.name }),
            });
            navigate(`/stores/${store.id}`);
          },
          onError: (err) => {
            setConflict(slugConflict(err, values.slug));
            toastFailure(t("stores.createFailedTitle"), err, t("stores.createFailedDescription"));
          },
        },
      ),
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-8">
      <PageHeader title={t("stores.createTitle")} description={t("stores.createSubtitle")} />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-6">
            <FormField label={t("stores.nameLabel")} error={errors.name?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...nameField}
                  autoComplete="organization"
                  placeholder={t("stores.namePlaceholder")}
                />
              )}
            </FormField>
            <FormField label={t("stores.slugLabel")} hint={t("stores.slugHint")} error={errors.slug?.message}>
              {(control) => (
                <>
                  <SlugInput
                    {...control}
                    {...slugField}
                    placeholder={slugify(t("stores.namePlaceholder"))}
                    aria-invalid={control["aria-invalid"] || Boolean(conflict && conflict.slug === slug)}
                    aria-describedby={[control["aria-describedby"], statusId].filter(Boolean).join(" ")}
                  />
                  <SlugStatus
                    id={statusId}
                    slug={slug}
                    conflict={conflict}
                    onUseSuggestion={applySuggestion}
                  />
                </>
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
                  placeholder={t("stores.descriptionPlaceholder")}
                />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/">{t("common.cancel")}</Link>
              </Button>
              <Button type="submit" disabled={submission.pending}>
                {submission.pending && <Spinner />}
                {submission.pending ? t("stores.creating") : t("stores.create")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
