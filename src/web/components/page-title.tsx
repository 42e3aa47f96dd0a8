import { useTranslation } from "../lib/i18n";

/** The browser tab's title; React places the <title> element in the document head. */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const brand = t("common.brand");
  return <title>{title ? `${title} · ${brand}` : brand}</title>;
}
