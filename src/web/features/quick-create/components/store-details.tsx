import { Check, QrCode, WandSparkles } from "lucide-react";
import { Checkbox } from "radix-ui";
import { useId } from "react";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { useTranslation } from "../../../lib/i18n";
import type { StoreDraft, UploadMode } from "../draft";
import type { StoreErrors } from "../validation";

interface StoreDetailsFieldsProps {
  store: StoreDraft;
  onChange: (patch: Partial<StoreDraft>) => void;
  errors: StoreErrors;
  mode: UploadMode;
}

/**
 * docs/product-spec.md 2.14's store details: the name; "Link to QR Code" with an optional code text; SEO title and
 * description for a single product (several get generated ones, editable later).
 */
export function StoreDetailsFields({ store, onChange, errors, mode }: StoreDetailsFieldsProps) {
  const { t } = useTranslation();
  const qrId = useId();
  const qrHintId = useId();

  return (
    <div className="grid gap-5">
      <FormField label={t("quickCreate.storeDetails.name")} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={store.name}
            onChange={(event) => onChange({ name: event.target.value })}
            autoComplete="organization"
            placeholder={t("quickCreate.storeDetails.namePlaceholder")}
            maxLength={80}
            className="h-11 text-base"
          />
        )}
      </FormField>

      <div className="grid gap-3 rounded-xl border bg-muted/40 p-4">
        <div className="flex items-start gap-3">
          <Checkbox.Root
            id={qrId}
            checked={store.linkQrCode}
            onCheckedChange={(checked) => onChange({ linkQrCode: checked === true })}
            aria-describedby={qrHintId}
            className="peer mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-[5px] border border-input bg-card shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
          >
            <Checkbox.Indicator>
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <div className="grid gap-1">
            <Label htmlFor={qrId} className="flex items-center gap-1.5 leading-5">
              <QrCode aria-hidden="true" className="size-4 text-muted-foreground" />
              {t("quickCreate.storeDetails.linkQr")}
            </Label>
            <p id={qrHintId} className="text-xs text-muted-foreground">
              {t("quickCreate.storeDetails.linkQrHint")}
            </p>
          </div>
        </div>
        {store.linkQrCode && (
          <FormField
            label={t("quickCreate.storeDetails.qrCode")}
            hint={t("quickCreate.storeDetails.qrCodeHint")}
            error={errors.qrCode}
            className="torg-step-in pl-8"
          >
            {(control) => (
              <Input
                {...control}
                value={store.qrCode}
                onChange={(event) => onChange({ qrCode: event.target.value })}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={64}
                placeholder={t("quickCreate.storeDetails.qrCodePlaceholder")}
              />
            )}
          </FormField>
        )}
      </div>

      {mode === "single" ? (
        <fieldset className="grid gap-4">
          <legend className="mb-1 text-sm font-semibold">{t("quickCreate.storeDetails.seoHeading")}</legend>
          <p className="-mt-2 text-xs text-muted-foreground">{t("quickCreate.storeDetails.seoHint")}</p>
          <FormField label={t("quickCreate.storeDetails.seoTitle")} error={errors.seoTitle}>
            {(control) => (
              <Input
                {...control}
                value={store.seoTitle}
                onChange={(event) => onChange({ seoTitle: event.target.value })}
                maxLength={120}
              />
            )}
          </FormField>
          <FormField label={t("quickCreate.storeDetails.seoDescription")} error={errors.seoDescription}>
            {(control) => (
              <Textarea
                {...control}
                value={store.seoDescription}
                onChange={(event) => onChange({ seoDescription: event.target.value })}
                rows={3}
                maxLength={320}
              />
            )}
          </FormField>
        </fieldset>
      ) : (
        <p className="flex items-start gap-2.5 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          <WandSparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t("quickCreate.storeDetails.seoAutomatic")}
        </p>
      )}
    </div>
  );
}
