import { Plus, X } from "lucide-react";
import { type UseFormReturn, useController, useFieldArray } from "react-hook-form";
import { ABOUT_TEXT_MAX, MAX_ABOUT_LINKS } from "../../../../../shared/identity";
import { Button } from "../../../../components/ui/button";
import { FormField } from "../../../../components/ui/form-field";
import { Input } from "../../../../components/ui/input";
import { Textarea } from "../../../../components/ui/textarea";
import { useTranslation } from "../../../../lib/i18n";
import { uploadAboutPhoto } from "../../identity-api";
import type { IdentityFormValues } from "./identity-form";
import { ImageDrop } from "./image-drop";

/** The about page's fields: the story, a photo, where the maker works, and up to six links. */
export function AboutFields({ storeId, form }: { storeId: string; form: UseFormReturn<IdentityFormValues> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const links = useFieldArray({ control: form.control, name: "aboutLinks" });
  const photo = useController({ control: form.control, name: "aboutImageUrl" });
  const text = form.watch("aboutText");
  return (
    <fieldset className="grid gap-5">
      <legend className="mb-4 text-base font-semibold">
        {t("identity.aboutLegend")}
        <span className="mt-1 block text-sm font-normal text-muted-foreground">
          {t("identity.aboutIntro")}
        </span>
      </legend>
      <FormField
        label={t("identity.aboutText")}
        hint={t("identity.aboutTextHint", { count: text.length, max: ABOUT_TEXT_MAX })}
        error={errors.aboutText?.message}
      >
        {(control) => <Textarea {...control} {...form.register("aboutText")} rows={7} />}
      </FormField>
      <div className="grid gap-5 md:grid-cols-2">
        <ImageDrop
          kind="photo"
          label={t("identity.aboutPhoto")}
          hint={t("identity.aboutPhotoHint")}
          value={photo.field.value}
          onChange={(url) => photo.field.onChange(url)}
          upload={(file) => uploadAboutPhoto(storeId, file)}
          error={errors.aboutImageUrl?.message}
        />
        <FormField
          label={t("identity.aboutLocation")}
          hint={t("identity.aboutLocationHint")}
          error={errors.aboutLocation?.message}
        >
          {(control) => (
            <Input {...control} {...form.register("aboutLocation")} autoComplete="address-level2" />
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">{t("identity.aboutLinks")}</legend>
        <p className="text-xs text-muted-foreground">
          {t("identity.aboutLinksHint", { max: MAX_ABOUT_LINKS })}
        </p>
        {links.fields.map((link, index) => (
          <div key={link.id} className="flex items-start gap-2">
            <FormField
              className="flex-1"
              label={<span className="sr-only">{t("identity.linkLabel", { number: index + 1 })}</span>}
              error={errors.aboutLinks?.[index]?.url?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register(`aboutLinks.${index}.url`)}
                  type="url"
                  inputMode="url"
                  placeholder="https://www.instagram.com/…"
                  spellCheck={false}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-6 shrink-0"
              aria-label={t("identity.removeLink", { number: index + 1 })}
              onClick={() => links.remove(index)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors.aboutLinks?.message && (
          <p className="text-sm font-medium text-error">{t(errors.aboutLinks.message)}</p>
        )}
        {links.fields.length < MAX_ABOUT_LINKS && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => links.append({ url: "" }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" />
            {t("identity.addLink")}
          </Button>
        )}
      </fieldset>
    </fieldset>
  );
}
