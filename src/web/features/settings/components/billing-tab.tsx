import { Info, Sparkles } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";

/**
 * docs/product-spec.md 2.15: the Free Plan. Torg has no paid plans and takes no money from a seller, so the
 * spec's "Upgrade Plan" and "Add Payment Method" had nothing behind them and were removed (decision 0069):
 * the tab says what the plan is and what it costs.
 */
export function BillingTab() {
  const { t } = useTranslation();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.billing.title")}</CardTitle>
        <CardDescription>{t("settingsPage.billing.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section
          aria-label={t("settingsPage.billing.currentPlan")}
          className="flex items-start gap-3 rounded-lg border p-4"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
          <div className="space-y-0.5">
            <p className="flex items-center gap-2 font-semibold">
              {t("settingsPage.billing.freePlan")}
              <Badge variant="success">{t("settingsPage.billing.activePlan")}</Badge>
            </p>
            <p className="text-sm text-muted-foreground">{t("settingsPage.billing.freePlanText")}</p>
          </div>
        </section>
        <p className="flex items-start gap-2.5 rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("settingsPage.billing.noFees")}
        </p>
      </CardContent>
    </Card>
  );
}
