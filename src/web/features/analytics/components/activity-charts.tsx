import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { DailyViews, StatusCount } from "../../../../shared/analytics";
import { useTranslation } from "../../../lib/i18n";
import {
  ANIMATION_PROPS,
  AXIS_PROPS,
  ChartCard,
  GRID_PROPS,
  tooltipContent,
  VALUE_AXIS_PROPS,
} from "./chart-card";
import { useChartFormatters } from "./chart-format";

interface OrdersByStatusProps {
  statuses: StatusCount[];
  className?: string;
}

/** Horizontal bars, one per status in its badge colour, each labelled with its count. */
export function OrdersByStatusChart({ statuses, className }: OrdersByStatusProps) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const data = statuses.map((entry) => ({ ...entry, label: t(`status.${entry.status}`) }));
  const list = data.map((entry) => `${entry.label} ${format.count(entry.count)}`).join(", ");

  return (
    <ChartCard
      className={className}
      title={t("analytics.ordersByStatus.title")}
      description={t("analytics.ordersByStatus.description")}
      emptyText={statuses.some((entry) => entry.count > 0) ? undefined : t("analytics.ordersByStatus.empty")}
      summary={t("analytics.ordersByStatus.summary", { list })}
      table={{
        columns: [t("analytics.table.status"), t("analytics.table.orders")],
        rows: data.map((entry) => [entry.label, format.count(entry.count)]),
      }}
    >
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
        barCategoryGap="22%"
        accessibilityLayer={false}
      >
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis
          type="category"
          dataKey="label"
          {...AXIS_PROPS}
          tick={{ fill: "var(--foreground)", fontSize: 13 }}
          width="auto"
          tickMargin={6}
        />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          content={tooltipContent<(typeof data)[number]>((entry) => ({
            heading: entry.label,
            value: format.count(entry.count),
          }))}
        />
        <Bar dataKey="count" radius={[0, 4, 4, 0]} maxBarSize={30} {...ANIMATION_PROPS}>
          {data.map((entry) => (
            <Cell key={entry.status} fill={`var(--chart-${entry.status})`} />
          ))}
          <LabelList
            dataKey="count"
            position="right"
            offset={8}
            fill="var(--foreground)"
            fontSize={13}
            formatter={(value) => format.count(Number(value))}
          />
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

interface ViewsByDayProps {
  days: DailyViews[];
  /** The range's views, as the server summed them. */
  total: number;
  className?: string;
}

export function ViewsByDayChart({ days, total, className }: ViewsByDayProps) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const best = days.reduce<DailyViews | undefined>(
    (top, day) => (day.views > (top?.views ?? 0) ? day : top),
    undefined,
  );

  return (
    <ChartCard
      className={className}
      title={t("analytics.viewsByDay.title")}
      description={t("analytics.viewsByDay.description")}
      emptyText={best ? undefined : t("analytics.viewsByDay.empty")}
      summary={t("analytics.viewsByDay.summary", {
        from: format.fullDay(days[0]?.date ?? ""),
        to: format.fullDay(days.at(-1)?.date ?? ""),
        total: format.count(total),
        best: best ? format.fullDay(best.date) : "",
        bestViews: best ? format.count(best.views) : "",
      })}
      table={{
        columns: [t("analytics.table.day"), t("analytics.table.views")],
        rows: days
          .filter((day) => day.views > 0)
          .map((day) => [format.fullDay(day.date), format.count(day.views)]),
      }}
    >
      <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...GRID_PROPS} />
        <XAxis dataKey="date" {...AXIS_PROPS} tickFormatter={format.day} minTickGap={20} tickMargin={8} />
        <YAxis {...VALUE_AXIS_PROPS} tickFormatter={format.compact} />
        <Tooltip
          cursor={{ stroke: "var(--border)" }}
          content={tooltipContent<DailyViews>((day) => ({
            heading: format.fullDay(day.date),
            value: t("analytics.viewsCount", { count: day.views, formatted: format.count(day.views) }),
          }))}
        />
        <Line
          type="monotone"
          dataKey="views"
          stroke="var(--chart-views)"
          strokeWidth={2}
          dot={false}
          activeDot={{ r: 4, fill: "var(--chart-views)", stroke: "var(--card)", strokeWidth: 2 }}
          {...ANIMATION_PROPS}
        />
      </LineChart>
    </ChartCard>
  );
}
