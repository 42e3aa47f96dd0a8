import type { ReactElement } from "react";
import { ResponsiveContainer, type TooltipContentProps } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

/**
 * Chart colours as CSS variables, light and dark, so the SVG follows the theme like the rest of the page.
 * Status colours match the status badges (emerald, amber, sky, red).
 */
const CHART_COLOURS = cn(
  "[--chart-views:var(--color-sky-600)] dark:[--chart-views:var(--color-sky-400)]",
  "[--chart-pending:var(--color-amber-500)] dark:[--chart-pending:var(--color-amber-400)]",
  "[--chart-paid:var(--color-emerald-600)] dark:[--chart-paid:var(--color-emerald-400)]",
  "[--chart-fulfilled:var(--color-sky-600)] dark:[--chart-fulfilled:var(--color-sky-400)]",
  "[--chart-cancelled:var(--color-red-600)] dark:[--chart-cancelled:var(--color-red-400)]",
);

/** Axes read as quiet, theme-coloured text; grid lines are the border colour. */
export const AXIS_PROPS = {
  tickLine: false,
  axisLine: false,
  tick: { fill: "var(--muted-foreground)", fontSize: 12 },
} as const;

/** The value axis: whole numbers on round steps (1, 2, 5 × 10ⁿ), as wide as its longest label. */
export const VALUE_AXIS_PROPS = {
  ...AXIS_PROPS,
  width: "auto",
  allowDecimals: false,
  niceTicks: "snap125",
} as const;

export const GRID_PROPS = { stroke: "var(--border)", strokeDasharray: "3 3", vertical: false } as const;

/** Charts animate briefly, and not at all for readers who asked for less motion. */
export const ANIMATION_PROPS = {
  animationDuration: 400,
  isAnimationActive:
    typeof window === "undefined" || !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
} as const;

/**
 * The tooltip in the theme's popover colours. `describe` turns the hovered row into its heading and value.
 */
export function tooltipContent<Row>(describe: (row: Row) => { heading: string; value: string }) {
  return function ChartTooltip({ active, payload }: TooltipContentProps) {
    const row = payload?.[0]?.payload as Row | undefined;
    if (!active || !row) return null;
    const { heading, value } = describe(row);
    return (
      <div className="rounded-lg border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
        <p className="text-muted-foreground">{heading}</p>
        <p className="font-semibold tabular-nums">{value}</p>
      </div>
    );
  };
}

export interface ChartTableData {
  columns: [string, string];
  rows: [string, string][];
}

interface ChartCardProps {
  title: string;
  description?: string;
  /** When set, shown in place of the chart: there is nothing worth plotting. */
  emptyText?: string;
  /** What the chart shows, in one sentence: its accessible name. */
  summary: string;
  /** The figures behind the chart, for screen readers. */
  table: ChartTableData;
  className?: string;
  children: ReactElement;
}

/** A card with one chart, an accessible summary and, for screen readers, the same figures as a table. */
export function ChartCard({
  title,
  description,
  emptyText,
  summary,
  table,
  className,
  children,
}: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card className={cn("flex min-w-0 flex-col", CHART_COLOURS, className)}>
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {emptyText ? (
          <p className="flex min-h-40 flex-1 items-center justify-center rounded-lg bg-muted/60 px-6 py-8 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          <figure className="m-0">
            <div role="img" aria-label={summary} className="h-56 w-full sm:h-64">
              <ResponsiveContainer width="100%" height="100%">
                {children}
              </ResponsiveContainer>
            </div>
            {/* A table ignores sr-only's 1px width and would widen a phone's page: its wrapper hides it. */}
            <div className="sr-only">
              <table>
                <caption>{t("analytics.table.caption", { title })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{table.columns[0]}</th>
                    <th scope="col">{table.columns[1]}</th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map(([label, value]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
