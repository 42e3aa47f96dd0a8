import { CreditCard, Info, Sparkles } from "lucide-react";
import { useId } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useTranslation } from "../../lib/i18n";

/** docs/product-spec.md 2.15: the Free Plan and no payment methods. Paid plans do not exist yet, so nothing here takes money. */
export function BillingTab() {
  const { t } = useTranslation();
  const noteId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.billing.title")}</CardTitle>
        <CardDescription>{t("settingsPage.billing.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p
          id={noteId}
          className="flex items-start gap-2.5 rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("settingsPage.billing.notAvailable")}
        </p>
        <section aria-labelledby={`${noteId}-plan`} className="grid gap-3">
          <h3 id={`${noteId}-plan`} className="text-sm font-medium text-muted-foreground">
            {t("settingsPage.billing.currentPlan")}
          </h3>
          <div className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
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
            </div>
            <Button variant="outline" disabled aria-describedby={noteId}>
              {t("settingsPage.billing.upgrade")}
            </Button>
          </div>
        </section>
        <section aria-labelledby={`${noteId}-methods`} className="grid gap-3">
          <h3 id={`${noteId}-methods`} className="text-sm font-medium text-muted-foreground">
            {t("settingsPage.billing.paymentMethods")}
          </h3>
          <div className="flex flex-col gap-4 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-3 text-sm text-muted-foreground">
              <CreditCard aria-hidden="true" className="size-5 shrink-0" />
              {t("settingsPage.billing.noPaymentMethods")}
            </p>
            <Button variant="outline" disabled aria-describedby={noteId}>
              {t("settingsPage.billing.addPaymentMethod")}
            </Button>
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
