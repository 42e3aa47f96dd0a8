import type { UseQueryResult } from "@tanstack/react-query";
import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminListName, AdminPage } from "../../../../shared/admin";
import { Button } from "../../../components/ui/button";
import { ListSpinner, ListState } from "../../../components/ui/list-state";
import { Pager, useStayOnAPageWithRows } from "../../../components/ui/pager";
import { usePageParam } from "../../../hooks/use-page-param";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { ADMIN_PAGE_SIZE, type AdminRows, useAdminPage } from "../api";
import { DataTable, type DataTableProps } from "./data-table";

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
  useStayOnAPageWithRows(
    page,
    ADMIN_PAGE_SIZE,
    query.isSuccess && !query.isPlaceholderData ? total : undefined,
    onPageChange,
  );

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
    <div className="grid scroll-mt-24 gap-4">
      {children(query.data.items, query.isPlaceholderData)}
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={total} onPageChange={onPageChange} />
    </div>
  );
}

type AdminTableProps<L extends AdminListName> = Omit<DataTableProps<AdminRows[L]>, "rows" | "stale"> & {
  list: L;
  empty: EmptyState;
  /** Only this store's rows (a store's own tab). */
  storeId?: string;
};

/** An admin tab's table: the server's page named in the address (?page=2), its states, and its pager. */
export function AdminTable<L extends AdminListName>({ list, empty, storeId, ...table }: AdminTableProps<L>) {
  const [page, setPage] = usePageParam();
  const query = useAdminPage(list, page, storeId);
  return (
    <AdminList query={query} page={page} onPageChange={setPage} empty={empty}>
      {(rows, stale) => <DataTable {...table} rows={rows} stale={stale} />}
    </AdminList>
  );
}
