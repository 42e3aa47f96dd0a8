import { Plus, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";

/** docs/product-spec.md 2.4: "Create New Store" and "Quick Create". */
export function QuickActionsCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("dashboard.quickActions")}</CardTitle>
        <CardDescription>{t("dashboard.quickActionsText")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/create-store">
            <Plus aria-hidden="true" />
            {t("dashboard.createStore")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/quick-create">
            <Sparkles aria-hidden="true" />
            {t("dashboard.quickCreate")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
