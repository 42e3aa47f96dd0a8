import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyRevenue, MonthlyRevenue } from "../../../../shared/analytics";
import { useTranslation } from "../../../lib/i18n";
import {
  ANIMATION_PROPS,
  AXIS_PROPS,
  ChartCard,
  GRID_PROPS,
  tooltipContent,
  VALUE_AXIS_PROPS,
} from "./chart-card";
import { useChartFormatters, wholeKroner } from "./chart-format";

/** The entry with the most revenue, the earliest of equals; undefined when no entry has an order. */
function highest<Entry extends { revenue: string; orderCount: number }>(entries: Entry[]): Entry | undefined {
  let best: Entry | undefined;
  let bestKroner = -1;
  for (const entry of entries) {
    if (entry.orderCount === 0) continue;
    const kroner = wholeKroner(entry.revenue);
    if (kroner > bestKroner) {
      best = entry;
      bestKroner = kroner;
    }
  }
  return best;
}

interface RevenueByDayProps {
  days: DailyRevenue[];
  /** The range's revenue, as the server summed it. */
  total: string;
  className?: string;
}

export function RevenueByDayChart({ days, total, className }: RevenueByDayProps) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const data = days.map((day) => ({ ...day, kroner: wholeKroner(day.revenue) }));
  const best = highest(days);
  const first = days[0]?.date ?? "";
  const last = days.at(-1)?.date ?? "";
  const period = { from: format.fullDay(first), to: format.fullDay(last) };

  return (
    <ChartCard
      className={className}
      title={t("analytics.revenueByDay.title")}
      description={t("analytics.revenueByDay.description", period)}
      emptyText={best ? undefined : t("analytics.revenueByDay.empty")}
      summary={t("analytics.revenueByDay.summary", {
        ...period,
        total: format.kr(total),
        best: best ? format.fullDay(best.date) : "",
        bestAmount: best ? format.kr(best.revenue) : "",
      })}
      table={{
        columns: [t("analytics.table.day"), t("analytics.table.revenue")],
        rows: days
          .filter((day) => day.orderCount > 0)
          .map((day) => [format.fullDay(day.date), format.kr(day.revenue)]),
      }}
    >
      <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID_PROPS} />
        <XAxis dataKey="date" {...AXIS_PROPS} tickFormatter={format.day} minTickGap={20} tickMargin={8} />
        <YAxis {...VALUE_AXIS_PROPS} tickFormatter={format.compactKr} />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          content={tooltipContent<DailyRevenue>((day) => ({
            heading: format.fullDay(day.date),
            value: format.kr(day.revenue),
          }))}
        />
        <Bar
          dataKey="kroner"
          fill="var(--primary)"
          radius={[3, 3, 0, 0]}
          maxBarSize={28}
          {...ANIMATION_PROPS}
        />
      </BarChart>
    </ChartCard>
  );
}

export function RevenueByMonthChart({ months, className }: { months: MonthlyRevenue[]; className?: string }) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const data = months.map((month) => ({ ...month, kroner: wholeKroner(month.revenue) }));
  const best = highest(months);
  const period = {
    from: format.fullMonth(months[0]?.month ?? ""),
    to: format.fullMonth(months.at(-1)?.month ?? ""),
  };

  return (
    <ChartCard
      className={className}
      title={t("analytics.revenueByMonth.title")}
      description={t("analytics.revenueByMonth.description", period)}
      emptyText={best ? undefined : t("analytics.revenueByMonth.empty")}
      summary={t("analytics.revenueByMonth.summary", {
        ...period,
        best: best ? format.fullMonth(best.month) : "",
        bestAmount: best ? format.kr(best.revenue) : "",
      })}
      table={{
        columns: [t("analytics.table.month"), t("analytics.table.revenue")],
        rows: months.map((month) => [format.fullMonth(month.month), format.kr(month.revenue)]),
      }}
    >
      <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID_PROPS} />
        <XAxis dataKey="month" {...AXIS_PROPS} tickFormatter={format.month} minTickGap={8} tickMargin={8} />
        <YAxis {...VALUE_AXIS_PROPS} tickFormatter={format.compactKr} />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          content={tooltipContent<MonthlyRevenue>((month) => ({
            heading: format.fullMonth(month.month),
            value: format.kr(month.revenue),
          }))}
        />
        <Bar
          dataKey="kroner"
          fill="var(--primary)"
          radius={[3, 3, 0, 0]}
          maxBarSize={36}
          {...ANIMATION_PROPS}
        />
      </BarChart>
    </ChartCard>
  );
}
