import { Eye, Package, Pencil } from "lucide-react";
import { useTranslation } from "../../../lib/i18n";
import { ActiveBadge } from "./active-badge";
import { AdminTable } from "./admin-list";
import { useAdminFormatters } from "./format";
import { RowAction } from "./row-action";

/** docs/product-spec.md 2.16 Products: title, store, price with its currency code, Active/Inactive; view and edit. */
export function ProductsTab() {
  const { t } = useTranslation();
  const { price } = useAdminFormatters();

  return (
    <AdminTable
      list="products"
      empty={{
        icon: <Package aria-hidden="true" />,
        title: t("admin.products.empty"),
        text: t("admin.products.emptyText"),
      }}
      caption={t("admin.products.caption")}
      rowKey={(product) => product.id}
      columns={[
        { key: "title", header: t("admin.products.title"), cell: (product) => product.title },
        { key: "store", header: t("admin.products.store"), cell: (product) => product.store.name },
        {
          key: "price",
          header: t("admin.products.price"),
          className: "text-right whitespace-nowrap tabular-nums",
          cell: (product) => price(product.basePrice, product.currencyCode),
        },
        {
          key: "status",
          header: t("admin.products.status"),
          cell: (product) => <ActiveBadge active={product.isActive} />,
        },
      ]}
      actions={{
        header: t("admin.actions"),
        cell: (product, layout) => (
          <>
            <RowAction
              layout={layout}
              icon={Eye}
              text={t("admin.view")}
              label={t("admin.products.viewNamed", { name: product.title })}
              href={`/products/${product.id}`}
            />
            <RowAction
              layout={layout}
              icon={Pencil}
              text={t("admin.edit")}
              label={t("admin.products.editNamed", { name: product.title })}
              to={`/product-edit/${product.id}`}
            />
          </>
        ),
      }}
    />
  );
}
