import { Monitor, Moon, ShoppingBag, Smartphone, Sun } from "lucide-react";
import type { CSSProperties } from "react";
import { useState } from "react";
import { brandCssVariables, type FontPairing, SHOP_BACKGROUNDS } from "../../../../../shared/brand";
import { useTranslation } from "../../../../lib/i18n";
import { cn, initials } from "../../../../lib/utils";
import "./preview-fonts";

type Frame = "phone" | "desktop";
type Theme = "light" | "dark";

/** The shop's page colours beside the brand's (theme.css's shop tokens, light and dark). */
const PAGE = {
  light: {
    background: SHOP_BACKGROUNDS.light,
    card: "#ffffff",
    text: "#2a241f",
    muted: "#6b625a",
    border: "#e6e0d6",
  },
  dark: {
    background: SHOP_BACKGROUNDS.dark,
    card: "#201b17",
    text: "#f1ede6",
    muted: "#b9b0a5",
    border: "#3a332d",
  },
} as const;

interface PreviewProps {
  storeName: string;
  logoUrl: string | null;
  brandColor: string;
  fontPairing: FontPairing;
  hasAbout: boolean;
}

/**
 * The live preview (decision 0080): the storefront's header, a product card and a button, drawn with the
 * same CSS variables the shop's pages get (brandCssVariables), in a phone's width (390 px) or a
 * desktop's, light or dark. What the seller sees is what shoppers will, before anything is saved.
 */
export function IdentityPreview(props: PreviewProps) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState<Frame>("phone");
  const [theme, setTheme] = useState<Theme>("light");
  return (
    <section aria-labelledby="identity-preview-title" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="identity-preview-title" className="text-sm font-semibold">
          {t("identity.preview.title")}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Toggle
            label={t("identity.preview.frame")}
            value={frame}
            onChange={setFrame}
            options={[
              { value: "phone", label: t("identity.preview.phone"), icon: Smartphone },
              { value: "desktop", label: t("identity.preview.desktop"), icon: Monitor },
            ]}
          />
          <Toggle
            label={t("identity.preview.theme")}
            value={theme}
            onChange={setTheme}
            options={[
              { value: "light", label: t("identity.preview.light"), icon: Sun },
              { value: "dark", label: t("identity.preview.dark"), icon: Moon },
            ]}
          />
        </div>
      </div>
      <div className="overflow-x-auto rounded-xl bg-muted/60 p-3 sm:p-4">
        <div
          data-testid="identity-preview"
          data-frame={frame}
          data-theme={theme}
          className={cn(
            "mx-auto overflow-hidden border shadow-sm transition-[width] duration-200 motion-reduce:transition-none",
            frame === "phone"
              ? "w-[390px] max-w-full rounded-[1.75rem] border-4 border-stone-800"
              : "w-full rounded-lg",
          )}
        >
          {frame === "desktop" && <BrowserBar />}
          <PreviewPage {...props} frame={frame} theme={theme} />
        </div>
      </div>
    </section>
  );
}

function BrowserBar() {
  return (
    <div aria-hidden="true" className="flex items-center gap-1.5 border-b bg-muted px-3 py-2">
      <span className="size-2.5 rounded-full bg-stone-300 dark:bg-stone-600" />
      <span className="size-2.5 rounded-full bg-stone-300 dark:bg-stone-600" />
      <span className="size-2.5 rounded-full bg-stone-300 dark:bg-stone-600" />
      <span className="ml-3 h-4 flex-1 rounded bg-background" />
    </div>
  );
}

/** The storefront's top, one card and a button, in the look being chosen. */
function PreviewPage({
  storeName,
  logoUrl,
  brandColor,
  fontPairing,
  hasAbout,
  frame,
  theme,
}: PreviewProps & { frame: Frame; theme: Theme }) {
  const { t } = useTranslation();
  const variables = brandCssVariables({ brandColor, fontPairing });
  const page = PAGE[theme];
  const brandText = theme === "light" ? variables["--brand-text-light"] : variables["--brand-text-dark"];
  const style = {
    ...variables,
    backgroundColor: page.background,
    color: page.text,
    fontFamily: variables["--font-body"],
  } as CSSProperties;
  const heading = { fontFamily: variables["--font-heading"] } as CSSProperties;
  const desktop = frame === "desktop";
  return (
    <div style={style} data-testid="identity-preview-page" className="pb-6">
      {/* The header: the store's mark, and its about page once there is one. */}
      <div
        className="flex h-12 items-center justify-between gap-3 px-4"
        style={{ borderBottom: `1px solid ${page.border}` }}
      >
        {logoUrl ? (
          <img src={logoUrl} alt={storeName} className="h-8 w-auto max-w-[55%] object-contain object-left" />
        ) : (
          <span className="truncate text-sm font-semibold">{storeName}</span>
        )}
        <span className="flex items-center gap-3 text-xs font-medium">
          {hasAbout && <span style={{ color: brandText }}>{t("identity.preview.about")}</span>}
          <ShoppingBag aria-hidden="true" className="size-4" />
        </span>
      </div>
      {/* The drawn hero in the brand colour, the store's badge over its edge. */}
      <div
        data-testid="identity-preview-band"
        className={cn("relative", desktop ? "h-28" : "h-20")}
        style={{ backgroundColor: brandColor }}
      >
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_85%_0%,rgb(255_255_255/0.22),transparent_55%)]" />
      </div>
      <div className={cn("px-4", desktop && "px-6")}>
        <span
          className="relative -mt-7 flex size-14 items-center justify-center overflow-hidden rounded-full text-lg font-semibold"
          style={{
            backgroundColor: brandColor,
            color: variables["--on-brand"],
            boxShadow: `0 0 0 4px ${page.background}`,
          }}
          aria-hidden="true"
        >
          {logoUrl ? (
            <img src={logoUrl} alt="" className="size-full bg-white object-contain p-1" />
          ) : (
            initials(storeName)
          )}
        </span>
        <p
          className={cn("mt-2 font-semibold tracking-tight", desktop ? "text-3xl" : "text-2xl")}
          style={heading}
        >
          {storeName}
        </p>
        <p className="mt-1 text-sm" style={{ color: page.muted }}>
          {t("identity.preview.description")}
        </p>
        <div
          className={cn(
            "mt-5 grid gap-4",
            desktop ? "grid-cols-[minmax(0,14rem)_1fr] items-end" : "grid-cols-1",
          )}
        >
          <div
            className="overflow-hidden rounded-2xl"
            style={{ backgroundColor: page.card, border: `1px solid ${page.border}` }}
          >
            <div
              aria-hidden="true"
              className="aspect-[4/3]"
              style={{
                background:
                  theme === "light"
                    ? "radial-gradient(circle at 50% 60%, #d9cbb8 0 28%, #efe6da 29% 100%)"
                    : "radial-gradient(circle at 50% 60%, #8d7c68 0 28%, #3b332c 29% 100%)",
              }}
            />
            <div className="grid gap-1 p-3">
              <span className="text-sm font-medium">{t("identity.preview.product")}</span>
              <div className="flex items-center justify-between">
                <span
                  data-testid="identity-preview-price"
                  className="font-semibold tabular-nums"
                  style={{ color: brandText }}
                >
                  {t("identity.preview.price")}
                </span>
                <span
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full text-lg leading-none"
                  style={{ backgroundColor: brandColor, color: variables["--on-brand"] }}
                >
                  +
                </span>
              </div>
            </div>
          </div>
          <span
            data-testid="identity-preview-button"
            className="inline-flex h-11 items-center justify-center rounded-full px-6 text-sm font-semibold"
            style={{ backgroundColor: brandColor, color: variables["--on-brand"] }}
          >
            {t("identity.preview.button")}
          </span>
        </div>
      </div>
    </div>
  );
}

interface ToggleOption<T extends string> {
  value: T;
  label: string;
  icon: typeof Sun;
}

/** Two buttons, one pressed: a switch between frames or themes that says which is shown. */
function Toggle<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ToggleOption<T>[];
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form's fieldset.
    <div role="group" aria-label={label} className="inline-flex rounded-lg border bg-card p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          <option.icon aria-hidden="true" className="size-4" />
          {option.label}
        </button>
      ))}
    </div>
  );
}
