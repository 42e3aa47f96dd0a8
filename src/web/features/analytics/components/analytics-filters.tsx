import { useId } from "react";
import type { StoreSummary } from "../../../../shared/store";
import { Label } from "../../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { useTranslation } from "../../../lib/i18n";

/** The periods a seller can pick, by how many Oslo days up to today they cover. */
export const PERIOD_DAYS = { week: 7, month: 30, quarter: 90, year: 365 } as const;
export type Period = keyof typeof PERIOD_DAYS;
export const DEFAULT_PERIOD: Period = "month";

export function isPeriod(value: unknown): value is Period {
  return typeof value === "string" && Object.hasOwn(PERIOD_DAYS, value);
}

export const ALL_STORES = "all";

interface AnalyticsFiltersProps {
  stores: StoreSummary[];
  storeId: string | undefined;
  period: Period;
  onStoreChange: (storeId: string) => void;
  onPeriodChange: (period: Period) => void;
}

/** Which store (or all of them) and which period the page shows. */
export function AnalyticsFilters({
  stores,
  storeId,
  period,
  onStoreChange,
  onPeriodChange,
}: AnalyticsFiltersProps) {
  const { t } = useTranslation();
  const storeFilterId = useId();
  const periodFilterId = useId();
  return (
    <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:shrink-0">
      <div className="min-w-0 sm:w-56">
        <Label htmlFor={storeFilterId} className="sr-only">
          {t("analytics.storeFilterLabel")}
        </Label>
        <Select value={storeId ?? ALL_STORES} onValueChange={onStoreChange}>
          <SelectTrigger id={storeFilterId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_STORES}>{t("analytics.allStores")}</SelectItem>
            {stores.map((store) => (
              <SelectItem key={store.id} value={store.id}>
                {store.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="min-w-0 sm:w-44">
        <Label htmlFor={periodFilterId} className="sr-only">
          {t("analytics.periodLabel")}
        </Label>
        <Select value={period} onValueChange={(value) => isPeriod(value) && onPeriodChange(value)}>
          <SelectTrigger id={periodFilterId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.keys(PERIOD_DAYS).map((option) => (
              <SelectItem key={option} value={option}>
                {t(`analytics.periods.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
