import type { ReactNode } from "react";
import type { QrScanStats, TopProduct, TopViewedProduct } from "../../../../shared/analytics";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { useChartFormatters, wholeKroner } from "./chart-format";

interface TableCardProps {
  title: string;
  description: string;
  /** Shown instead of the table when it has no rows. */
  emptyText?: string;
  className?: string;
  children: ReactNode;
}

function TableCard({ title, description, emptyText, className, children }: TableCardProps) {
  return (
    <Card className={cn("flex min-w-0 flex-col", className)}>
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {emptyText ? (
          <p className="flex min-h-32 flex-1 items-center justify-center rounded-lg bg-muted/60 px-6 py-8 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

const headCell = "pb-2 text-xs font-medium text-muted-foreground";

/** A product name with a thin bar showing its share of the leader's figure. */
function RankedName({ name, share }: { name: string; share: number }) {
  return (
    <div className="min-w-0">
      <p className="line-clamp-2 font-medium break-words">{name}</p>
      <div aria-hidden="true" className="mt-1.5 h-1 rounded-full bg-muted">
        <div className="h-1 rounded-full bg-primary/70" style={{ width: `${Math.max(share, 2)}%` }} />
      </div>
    </div>
  );
}

export function TopProductsTable({ products, className }: { products: TopProduct[]; className?: string }) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const leader = Math.max(1, ...products.map((product) => wholeKroner(product.revenue)));
  return (
    <TableCard
      className={className}
      title={t("analytics.topProducts.title")}
      description={t("analytics.topProducts.description")}
      emptyText={products.length ? undefined : t("analytics.topProducts.empty")}
    >
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className={headCell}>
              {t("analytics.topProducts.product")}
            </th>
            <th scope="col" className={cn(headCell, "w-16 text-right")}>
              {t("analytics.topProducts.quantity")}
            </th>
            <th scope="col" className={cn(headCell, "w-28 text-right")}>
              {t("analytics.topProducts.revenue")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {products.map((product) => (
            <tr key={product.productId ?? `deleted:${product.title}`}>
              <td className="py-2.5 pr-3">
                <RankedName name={product.title} share={(wholeKroner(product.revenue) / leader) * 100} />
              </td>
              <td className="py-2.5 text-right tabular-nums">{format.count(product.quantity)}</td>
              <td className="py-2.5 text-right font-medium tabular-nums">{format.kr(product.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

export function TopViewedTable({
  products,
  className,
}: {
  products: TopViewedProduct[];
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  const leader = Math.max(1, ...products.map((product) => product.views));
  return (
    <TableCard
      className={className}
      title={t("analytics.topViewed.title")}
      description={t("analytics.topViewed.description")}
      emptyText={products.length ? undefined : t("analytics.topViewed.empty")}
    >
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className={headCell}>
              {t("analytics.topViewed.product")}
            </th>
            <th scope="col" className={cn(headCell, "w-20 text-right")}>
              {t("analytics.topViewed.views")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {products.map((product) => (
            <tr key={product.productId}>
              <td className="py-2.5 pr-3">
                <RankedName name={product.title} share={(product.views / leader) * 100} />
              </td>
              <td className="py-2.5 text-right font-medium tabular-nums">{format.count(product.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

interface QrScansTableProps {
  codes: QrScanStats[];
  /** With several stores in view, each code names its store; with one, its address. */
  showStore: boolean;
  className?: string;
}

export function QrScansTable({ codes, showStore, className }: QrScansTableProps) {
  const { t } = useTranslation();
  const format = useChartFormatters();
  return (
    <TableCard
      className={className}
      title={t("analytics.qrScans.title")}
      description={t("analytics.qrScans.description")}
      emptyText={codes.length ? undefined : t("analytics.qrScans.empty")}
    >
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className={headCell}>
              {t("analytics.qrScans.code")}
            </th>
            <th scope="col" className={cn(headCell, "w-16 text-right")}>
              {t("analytics.qrScans.scans")}
            </th>
            <th scope="col" className={cn(headCell, "w-28 pl-3 text-right")}>
              {t("analytics.qrScans.lastScan")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {codes.map((code) => (
            <tr key={code.id}>
              <td className="py-2.5 pr-3">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-mono text-[13px] font-medium">{code.code}</span>
                  {!code.isActive && (
                    <Badge variant="neutral" className="shrink-0">
                      {t("analytics.qrScans.inactive")}
                    </Badge>
                  )}
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {showStore ? code.storeName : code.url}
                </p>
              </td>
              <td className="py-2.5 text-right font-medium tabular-nums">
                {format.count(code.scannedCount)}
              </td>
              <td className="py-2.5 pl-3 text-right text-muted-foreground">
                {code.lastScannedAt ? format.dayOf(code.lastScannedAt) : t("analytics.qrScans.never")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
