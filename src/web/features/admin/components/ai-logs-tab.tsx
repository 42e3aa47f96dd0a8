import { Sparkles } from "lucide-react";
import { useState } from "react";
import type { AiLogRow } from "../../../../shared/admin";
import { shortOrderId } from "../../../../shared/order";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable } from "./admin-list";
import { AiLogDialog } from "./ai-log-dialog";
import { useAdminFormatters } from "./format";

const NO_VALUE = "—";

function statusVariant(status: number): NonNullable<BadgeProps["variant"]> {
  if (status < 300) return "success";
  if (status < 500) return "warning";
  return "danger";
}

function ResponseStatus({ status }: { status: number | null }) {
  if (status === null) return <span className="text-muted-foreground">{NO_VALUE}</span>;
  return <Badge variant={statusVariant(status)}>{status}</Badge>;
}

function Context({ log }: { log: AiLogRow }) {
  const { t } = useTranslation();
  const parts = [
    log.storeId ? t("admin.aiLogs.storeContext", { id: shortOrderId(log.storeId) }) : null,
    log.productId ? t("admin.aiLogs.productContext", { id: shortOrderId(log.productId) }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return <span className="text-muted-foreground">{t("admin.aiLogs.noContext")}</span>;
  return <span className="font-mono text-xs">{parts.join(" · ")}</span>;
}

/** docs/product-spec.md 2.16 AI Logs (decision 0009): one row per call; a row opens its prompt, response and error. */
export function AiLogsTab() {
  const { t } = useTranslation();
  const { timestamp, seconds, count } = useAdminFormatters();
  const [shown, setShown] = useState<AiLogRow | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <AdminTable
        list="ai-logs"
        empty={{
          icon: <Sparkles aria-hidden="true" />,
          title: t("admin.aiLogs.empty"),
          text: t("admin.aiLogs.emptyText"),
        }}
        caption={t("admin.aiLogs.caption")}
        rowKey={(log) => log.id}
        opener={{
          open: (log) => {
            setShown(log);
            setOpen(true);
          },
          label: (log) => t("admin.aiLogs.open", { time: timestamp(log.createdAt) }),
        }}
        columns={[
          {
            key: "timestamp",
            header: t("admin.aiLogs.timestamp"),
            className: "whitespace-nowrap",
            cell: (log) => <time dateTime={log.createdAt}>{timestamp(log.createdAt)}</time>,
          },
          {
            key: "endpoint",
            header: t("admin.aiLogs.endpoint"),
            cell: (log) => <span className="font-mono text-xs">{log.endpoint}</span>,
          },
          { key: "context", header: t("admin.aiLogs.context"), cell: (log) => <Context log={log} /> },
          {
            key: "status",
            header: t("admin.aiLogs.status"),
            cell: (log) => <ResponseStatus status={log.responseStatus} />,
          },
          {
            key: "time",
            header: t("admin.aiLogs.time"),
            className: "text-right whitespace-nowrap tabular-nums",
            cell: (log) =>
              log.processingTimeMs === null
                ? NO_VALUE
                : t("admin.aiLogs.seconds", { value: seconds(log.processingTimeMs) }),
          },
          {
            key: "tokens",
            header: t("admin.aiLogs.tokens"),
            className: "text-right tabular-nums",
            cell: (log) => (log.tokens === null ? NO_VALUE : count(log.tokens)),
          },
        ]}
      />
      <AiLogDialog log={shown} open={open} onOpenChange={setOpen} />
    </>
  );
}
