import { Palette } from "lucide-react";
import { useForm } from "react-hook-form";
import type { IdentityView } from "../../../../../shared/identity";
import type { StoreSummary } from "../../../../../shared/store";
import { Button } from "../../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../../components/ui/card";
import { LoadFailed } from "../../../../components/ui/load-failed";
import { Spinner } from "../../../../components/ui/spinner";
import { useSubmission } from "../../../../hooks/use-submission";
import { toast } from "../../../../hooks/use-toast";
import { errorMessage } from "../../../../lib/api";
import { DISCARD_EDITS } from "../../../../lib/form-reset";
import { useTranslation } from "../../../../lib/i18n";
import { uploadLogo, useIdentity, useSaveIdentity } from "../../identity-api";
import { SaveState } from "../save-state";
import { AboutFields } from "./about-fields";
import { BrandColorField, FontPairingField } from "./brand-fields";
import {
  type IdentityFormValues,
  identityFormValues,
  identityInputOf,
  identityResolver,
} from "./identity-form";
import { IdentityPreview } from "./identity-preview";
import { ImageDrop } from "./image-drop";

/**
 * "Your shop's look" (decision 0080): the logo, the brand colour, a font pairing and the about page,
 * with a live preview of the storefront in them before anything is saved.
 */
export function IdentityCard({ store }: { store: Pick<StoreSummary, "id" | "name"> }) {
  const { t } = useTranslation();
  const identity = useIdentity(store.id);
  return (
    <Card id="store-identity" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Palette aria-hidden="true" className="size-5" />
          {t("identity.title")}
        </CardTitle>
        <CardDescription>{t("identity.subtitle")}</CardDescription>
      </CardHeader>
      {identity.isPending ? (
        <CardContent className="flex justify-center py-10">
          <Spinner label={t("common.loading")} className="size-6 text-primary" />
        </CardContent>
      ) : identity.isError ? (
        <CardContent>
          <LoadFailed onRetry={() => void identity.refetch()} />
        </CardContent>
      ) : (
        <CardContent>
          <IdentityForm store={store} saved={identity.data} />
        </CardContent>
      )}
    </Card>
  );
}

function IdentityForm({ store, saved }: { store: Pick<StoreSummary, "id" | "name">; saved: IdentityView }) {
  const { t } = useTranslation();
  const save = useSaveIdentity(store.id);
  const submission = useSubmission();
  const form = useForm<IdentityFormValues>({
    resolver: identityResolver,
    defaultValues: identityFormValues(saved),
  });
  const { errors, isDirty } = form.formState;
  const logo = form.watch("logoImageUrl");
  const values = form.watch();

  const submit = form.handleSubmit((typed) =>
    submission.submit(() =>
      save.mutateAsync(identityInputOf(typed), {
        onSuccess: (view) => {
          form.reset(identityFormValues(view), DISCARD_EDITS);
          toast({ title: t("identity.savedTitle"), description: t("identity.savedText") });
        },
        // The server's refusal (a logo not uploaded, a link it will not take), worded from its catalogue.
        onError: (err) => form.setError("root", { message: errorMessage(err, t("identity.saveFailed")) }),
      }),
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-8 border-t pt-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
        <div className="grid content-start gap-7">
          <ImageDrop
            kind="logo"
            label={t("identity.logo")}
            hint={t("identity.logoHint")}
            value={logo}
            onChange={(url) => form.setValue("logoImageUrl", url, { shouldDirty: true })}
            upload={(file) => uploadLogo(store.id, file)}
            error={errors.logoImageUrl?.message}
          />
          <BrandColorField form={form} />
          <FontPairingField form={form} />
        </div>
        <div className="lg:sticky lg:top-20 lg:self-start">
          <IdentityPreview
            storeName={store.name}
            logoUrl={logo}
            brandColor={
              /^#[0-9a-f]{6}$/i.test(values.brandColor.trim())
                ? values.brandColor.trim().toLowerCase()
                : (saved.brandColor ?? "#1b5a43")
            }
            fontPairing={values.fontPairing}
            hasAbout={values.aboutText.trim() !== ""}
          />
        </div>
      </div>
      <div className="border-t pt-6">
        <AboutFields storeId={store.id} form={form} />
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t pt-5">
        <Button type="submit" disabled={submission.pending}>
          {submission.pending && <Spinner />}
          {t("identity.save")}
        </Button>
        {isDirty && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => form.reset(identityFormValues(saved), DISCARD_EDITS)}
          >
            {t("identity.discard")}
          </Button>
        )}
        <SaveState dirty={isDirty} />
        {errors.root?.message && (
          <p role="alert" className="basis-full text-sm font-medium text-error">
            {t(errors.root.message)}
          </p>
        )}
      </div>
    </form>
  );
}
