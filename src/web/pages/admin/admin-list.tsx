import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, RotateCw, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { AdminListName, AdminPage } from "../../../shared/admin";
import { ListSpinner, ListState } from "../../components/orders/order-list";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { ADMIN_PAGE_SIZE, type AdminRows, useAdminPage } from "../../lib/queries/admin";
import { DataTable, type DataTableProps } from "./data-table";
import { useAdminFormatters } from "./format";
import { usePageParam } from "./use-page-param";

interface PagerProps {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** "21–40 of 57" with Previous and Next. */
function Pager({ page, total, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  const { count } = useAdminFormatters();
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const from = (page - 1) * ADMIN_PAGE_SIZE + 1;
  const to = Math.min(page * ADMIN_PAGE_SIZE, total);
  return (
    <nav
      aria-label={t("admin.pagination.label")}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t("admin.pagination.range", { from: count(from), to: count(to), total: count(total) })}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t("admin.pagination.previous")}
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            {t("admin.pagination.next")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}

interface EmptyState {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

interface AdminListProps<T> {
  query: UseQueryResult<AdminPage<T>>;
  page: number;
  onPageChange: (page: number) => void;
  empty: EmptyState;
  /** The rows of this page; `stale` while the next page is on its way. */
  children: (items: T[], stale: boolean) => ReactNode;
}

/** One admin tab's list: loading, failed with a retry, empty with its own text, or a page of rows. */
function AdminList<T>({ query, page, onPageChange, empty, children }: AdminListProps<T>) {
  const { t } = useTranslation();
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  // A page that emptied (its last row deleted, or an old link) moves to the last page that has rows.
  const pastTheEnd = query.isSuccess && !query.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPageChange(lastPage);
  }, [pastTheEnd, lastPage, onPageChange]);

  if (query.isPending) return <ListSpinner label={t("admin.loading")} />;
  if (query.isError) {
    return (
      <ListState
        icon={<TriangleAlert aria-hidden="true" />}
        title={errorMessage(query.error, t("admin.loadFailed"))}
      >
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          {t("admin.retry")}
        </Button>
      </ListState>
    );
  }
  if (total === 0) {
    return (
      <ListState icon={empty.icon} title={empty.title} description={empty.text}>
        {empty.action}
      </ListState>
    );
  }
  return (
    <div className="grid gap-4">
      {children(query.data.items, query.isPlaceholderData)}
      <Pager page={page} total={total} onPageChange={onPageChange} />
    </div>
  );
}

type AdminTableProps<L extends AdminListName> = Omit<DataTableProps<AdminRows[L]>, "rows" | "stale"> & {
  list: L;
  empty: EmptyState;
};

/** An admin tab's table: the server's page named in the address (?page=2), its states, and its pager. */
export function AdminTable<L extends AdminListName>({ list, empty, ...table }: AdminTableProps<L>) {
  const [page, setPage] = usePageParam();
  const query = useAdminPage(list, page);
  return (
    <AdminList query={query} page={page} onPageChange={setPage} empty={empty}>
      {(rows, stale) => <DataTable {...table} rows={rows} stale={stale} />}
    </AdminList>
  );
}
