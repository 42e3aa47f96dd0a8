import { Download } from "lucide-react";
import { useId, useState } from "react";
import { osloDate } from "../../../../shared/analytics";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useTranslation } from "../../../lib/i18n";

/**
 * The month's orders as a CSV for the accountant (decision 0036): a plain link, so the browser
 * downloads it with the session cookie and names it from the server's Content-Disposition.
 */
export function SalesReportCard({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [month, setMonth] = useState(osloDate().slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("orders.salesReport")}</CardTitle>
        <CardDescription>{t("orders.salesReportHint")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={id}>{t("orders.salesReportMonth")}</Label>
          <Input id={id} type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        </div>
        <Button asChild={valid} disabled={!valid}>
          {valid ? (
            <a href={`/api/stores/${encodeURIComponent(storeId)}/sales-report?month=${month}`} download>
              <Download aria-hidden="true" />
              {t("orders.salesReportDownload")}
            </a>
          ) : (
            <span>{t("orders.salesReportDownload")}</span>
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
