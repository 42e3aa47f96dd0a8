import { CircleCheck, Info, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { type UseFormReturn, useController } from "react-hook-form";
import { contrastReport, FONT_PAIRING_NAMES, FONT_PAIRINGS } from "../../../../../shared/brand";
import { Input } from "../../../../components/ui/input";
import { useTranslation } from "../../../../lib/i18n";
import { cn } from "../../../../lib/utils";
import type { IdentityFormValues } from "./identity-form";

/** A few colours that read well as buttons, links and bands, on light and dark pages. */
const SUGGESTED = ["#1b5a43", "#9a3b26", "#1f4e79", "#6b3fa0", "#a8325e", "#7a5c12", "#2f3a45"];

const isHex = (text: string) => /^#[0-9a-f]{6}$/i.test(text.trim());

/** The brand colour: a colour well and its hex text, side by side and in step, and a few suggestions. */
export function BrandColorField({ form }: { form: UseFormReturn<IdentityFormValues> }) {
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name: "brandColor" });
  const error = fieldState.error?.message;
  const color = isHex(field.value) ? field.value.trim().toLowerCase() : "#000000";
  return (
    <fieldset className="grid content-start gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{t("identity.colorLegend")}</legend>
      <div className="flex items-end gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-well`} className="text-xs text-muted-foreground">
            {t("identity.colorPicker")}
          </label>
          <input
            id={`${id}-well`}
            type="color"
            value={color}
            onChange={(event) => field.onChange(event.target.value)}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-card p-1"
          />
        </div>
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-hex`} className="text-xs text-muted-foreground">
            {t("identity.colorHex")}
          </label>
          <Input
            id={`${id}-hex`}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            className="max-w-36 font-mono"
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {t(error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <span className="text-xs text-muted-foreground">{t("identity.suggested")}</span>
        {SUGGESTED.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            onClick={() => field.onChange(suggestion)}
            aria-label={t("identity.useColor", { color: suggestion })}
            aria-pressed={color === suggestion}
            className="size-8 rounded-full border-2 border-background shadow-[0_0_0_1px_var(--color-border)] transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:shadow-[0_0_0_2px_var(--color-foreground)]"
            style={{ backgroundColor: suggestion }}
          />
        ))}
      </div>
      <ContrastWarnings color={isHex(field.value) ? color : null} />
    </fieldset>
  );
}

/**
 * What fails WCAG AA where the shop uses the colour, in plain words (shared/brand.ts contrastReport):
 * button text the seller must fix (a warning), links and prices the shop shades itself (a note).
 */
function ContrastWarnings({ color }: { color: string | null }) {
  const { t } = useTranslation();
  if (!color) return null;
  const { readable } = contrastReport(color);
  const notes = [
    !readable.onLight && t("identity.contrast.onLight"),
    !readable.onDark && t("identity.contrast.onDark"),
  ].filter((note): note is string => Boolean(note));
  if (readable.onBrand && notes.length === 0)
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="contrast-ok">
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
        {t("identity.contrast.ok")}
      </p>
    );
  return (
    <div data-testid="contrast-warnings" className="grid gap-2" aria-live="polite">
      {!readable.onBrand && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("identity.contrast.onBrand")}
        </p>
      )}
      {notes.map((note) => (
        <p key={note} className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {note}
        </p>
      ))}
    </div>
  );
}

/** The font pairings, each named in its own faces: the heading face for its name, the body face below. */
export function FontPairingField({ form }: { form: UseFormReturn<IdentityFormValues> }) {
  const { t } = useTranslation();
  const chosen = form.watch("fontPairing");
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{t("identity.fontsLegend")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {FONT_PAIRING_NAMES.map((name) => {
          const faces = FONT_PAIRINGS[name];
          return (
            <label
              key={name}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                chosen === name ? "border-primary bg-accent/60" : "hover:bg-muted/60",
              )}
            >
              <input
                type="radio"
                value={name}
                {...form.register("fontPairing")}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <span className="grid min-w-0 gap-0.5">
                <span
                  className="text-lg leading-tight font-semibold"
                  style={{ fontFamily: `"${faces.heading}"` }}
                >
                  {t(`identity.pairings.${name}`)}
                </span>
                <span className="text-xs text-muted-foreground" style={{ fontFamily: `"${faces.body}"` }}>
                  {faces.heading === faces.body
                    ? faces.body.replace(/ Variable$/, "")
                    : `${faces.heading} · ${faces.body}`}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
