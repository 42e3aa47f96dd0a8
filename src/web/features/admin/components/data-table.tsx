import type { KeyboardEvent, ReactNode } from "react";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for this column's cells in the table (alignment, width, numbers). */
  className?: string;
}

/** Rows that open something (a dialog) when clicked; the named button in each row is the keyboard's way in. */
export interface RowOpener<T> {
  open: (row: T) => void;
  /** The accessible name of the row's button. */
  label: (row: T) => string;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** The first column is the row's title: a table cell on wide screens, a card heading on phones. */
  actions?: { header: string; cell: (row: T, layout: "table" | "card") => ReactNode };
  opener?: RowOpener<T>;
  /** The row shown as chosen (the QR code in the side form). */
  selectedKey?: string | null;
  /** Dimmed while the next page loads over this one. */
  stale?: boolean;
}

function openOnKey<T>(event: KeyboardEvent, opener: RowOpener<T> | undefined, row: T) {
  if (!opener || event.target !== event.currentTarget) return;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    opener.open(row);
  }
}

/** What makes a row (a table row or a card) focusable and open its dialog, and marks the chosen one. */
function rowInteraction<T>(opener: RowOpener<T> | undefined, row: T, selected: boolean) {
  return {
    tabIndex: opener ? 0 : undefined,
    "aria-label": opener?.label(row),
    "aria-haspopup": opener ? ("dialog" as const) : undefined,
    "aria-current": selected ? ("true" as const) : undefined,
    onClick: opener ? () => opener.open(row) : undefined,
    onKeyDown: (event: KeyboardEvent) => openOnKey(event, opener, row),
  };
}

/**
 * A list as a table from the md breakpoint up and as cards below it, from one set of columns. Rows with
 * an opener are focusable: click, Enter or Space opens them.
 */
export function DataTable<T>({
  caption,
  rows,
  rowKey,
  columns,
  actions,
  opener,
  selectedKey,
  stale = false,
}: DataTableProps<T>) {
  const [titleColumn, ...detailColumns] = columns;
  const interactive = opener ? "cursor-pointer hover:bg-muted/60" : "";

  return (
    <div className={cn("transition-opacity", stale && "opacity-60")} aria-busy={stale || undefined}>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/50 text-xs font-medium text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cn("px-4 py-3 font-medium", column.className)}>
                  {column.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {actions.header}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr
                  key={key}
                  {...rowInteraction(opener, row, selectedKey === key)}
                  className={cn(
                    "align-middle transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                    interactive,
                    selectedKey === key && "bg-accent/60",
                  )}
                >
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th
                        key={column.key}
                        scope="row"
                        className={cn("px-4 py-3 font-medium", column.className)}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={cn("px-4 py-3", column.className)}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                  {actions && (
                    <td className="px-4 py-2">
                      <div className="flex justify-end gap-0.5">{actions.cell(row, "table")}</div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>

      <ul className="grid gap-3 md:hidden" aria-label={caption}>
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <li key={key}>
              <Card
                role={opener ? "button" : undefined}
                {...rowInteraction(opener, row, selectedKey === key)}
                className={cn(
                  "grid gap-3 p-4 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  interactive,
                  selectedKey === key && "border-primary/60 bg-accent/40",
                )}
              >
                {titleColumn && (
                  <div className="min-w-0 font-semibold break-words">{titleColumn.cell(row)}</div>
                )}
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                  {detailColumns.map((column) => (
                    <div key={column.key} className="contents">
                      <dt className="text-muted-foreground">{column.header}</dt>
                      <dd className="min-w-0 text-right break-words">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
                {actions && (
                  <div className="-mx-1 flex flex-wrap gap-2 border-t pt-3">{actions.cell(row, "card")}</div>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
