import { Badge } from "../../../components/ui/badge";
import { useTranslation } from "../../../lib/i18n";

/** docs/product-spec.md 2.16's Active/Inactive, for products and QR codes alike. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={active ? "success" : "neutral"}>{active ? t("admin.active") : t("admin.inactive")}</Badge>
  );
}
