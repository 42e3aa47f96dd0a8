import { ExternalLink, Pencil, Plus, Store, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminStoreRow } from "../../../../shared/admin";
import { DeleteStoreDialog } from "../../../components/stores/delete-store-dialog";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable } from "./admin-list";
import { useAdminFormatters } from "./format";
import { RowAction } from "./row-action";

/** docs/product-spec.md 2.16 Stores: name, slug, the real product count (decision 0010), created; view, edit and delete. */
export function StoresTab() {
  const { t } = useTranslation();
  const { date, count } = useAdminFormatters();
  const [deleting, setDeleting] = useState<AdminStoreRow | null>(null);

  return (
    <>
      <AdminTable
        list="stores"
        empty={{
          icon: <Store aria-hidden="true" />,
          title: t("admin.stores.empty"),
          text: t("admin.stores.emptyText"),
          action: (
            <Button asChild size="sm">
              <Link to="/store-create">
                <Plus aria-hidden="true" />
                {t("admin.newStore")}
              </Link>
            </Button>
          ),
        }}
        caption={t("admin.stores.caption")}
        rowKey={(store) => store.id}
        columns={[
          { key: "name", header: t("admin.stores.name"), cell: (store) => store.name },
          {
            key: "slug",
            header: t("admin.stores.slug"),
            cell: (store) => <span className="font-mono text-xs text-muted-foreground">{store.slug}</span>,
          },
          {
            key: "products",
            header: t("admin.stores.products"),
            className: "text-right tabular-nums",
            cell: (store) => count(store.productCount),
          },
          {
            key: "created",
            header: t("admin.stores.created"),
            className: "whitespace-nowrap",
            cell: (store) => <time dateTime={store.createdAt}>{date(store.createdAt)}</time>,
          },
        ]}
        actions={{
          header: t("admin.actions"),
          cell: (store, layout) => (
            <>
              <RowAction
                layout={layout}
                icon={ExternalLink}
                text={t("admin.view")}
                label={t("admin.stores.viewNamed", { name: store.name })}
                href={`/s/${store.slug}`}
                newTab
              />
              <RowAction
                layout={layout}
                icon={Pencil}
                text={t("admin.edit")}
                label={t("admin.stores.editNamed", { name: store.name })}
                to={`/store-edit/${store.id}`}
              />
              <RowAction
                layout={layout}
                icon={Trash2}
                text={t("admin.delete")}
                label={t("admin.stores.deleteNamed", { name: store.name })}
                onClick={() => setDeleting(store)}
                destructive
              />
            </>
          ),
        }}
      />
      <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
