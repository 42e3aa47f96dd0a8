import { Mail } from "lucide-react";
import { useState } from "react";
import type { EmailLogRow } from "../../../../shared/admin";
import { shortOrderId } from "../../../../shared/order";
import { Badge, type BadgeProps } from "../../../components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable } from "./admin-list";
import { useAdminFormatters } from "./format";

const STATUS_VARIANT: Record<EmailLogRow["status"], NonNullable<BadgeProps["variant"]>> = {
  sent: "success",
  logged: "info",
  failed: "danger",
  rate_limited: "warning",
};

/** One e-mail attempt: to whom, the subject, and the text as it went (or would have gone) out. */
function EmailLogDialog({
  log,
  open,
  onOpenChange,
}: {
  log: EmailLogRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { timestamp } = useAdminFormatters();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{log?.subject || t("admin.emailLogs.detailsTitle")}</DialogTitle>
          <DialogDescription>
            {log &&
              t("admin.emailLogs.detailsDescription", { to: log.toAddress, time: timestamp(log.createdAt) })}
          </DialogDescription>
        </DialogHeader>
        {log && (
          <div className="grid min-w-0 gap-4">
            {log.error && (
              <p role="alert" className="text-sm text-destructive">
                {log.error}
              </p>
            )}
            <pre className="max-h-[60vh] overflow-auto rounded-lg border bg-muted/60 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
              {log.body || t("admin.emailLogs.noBody")}
            </pre>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The e-mail log (decision 0037): every attempt to send an e-mail about the user's stores' orders. With
 * the default log provider nothing leaves the server, and this is where the messages can be read.
 */
export function EmailLogsTab() {
  const { t } = useTranslation();
  const { timestamp } = useAdminFormatters();
  const [shown, setShown] = useState<EmailLogRow | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <AdminTable
        list="email-logs"
        empty={{
          icon: <Mail aria-hidden="true" />,
          title: t("admin.emailLogs.empty"),
          text: t("admin.emailLogs.emptyText"),
        }}
        caption={t("admin.emailLogs.caption")}
        rowKey={(log) => log.id}
        opener={{
          open: (log) => {
            setShown(log);
            setOpen(true);
          },
          label: (log) => t("admin.emailLogs.open", { subject: log.subject, to: log.toAddress }),
        }}
        columns={[
          {
            key: "timestamp",
            header: t("admin.emailLogs.timestamp"),
            className: "whitespace-nowrap",
            cell: (log) => <time dateTime={log.createdAt}>{timestamp(log.createdAt)}</time>,
          },
          {
            key: "to",
            header: t("admin.emailLogs.to"),
            cell: (log) => <span className="break-all">{log.toAddress}</span>,
          },
          { key: "subject", header: t("admin.emailLogs.subject"), cell: (log) => log.subject },
          {
            key: "order",
            header: t("admin.emailLogs.order"),
            cell: (log) => (
              <span className="font-mono text-xs">{log.orderId ? shortOrderId(log.orderId) : "—"}</span>
            ),
          },
          {
            key: "status",
            header: t("admin.emailLogs.status"),
            cell: (log) => (
              <Badge variant={STATUS_VARIANT[log.status]}>
                {t(`admin.emailLogs.statuses.${log.status}`)}
              </Badge>
            ),
          },
        ]}
      />
      <EmailLogDialog log={shown} open={open} onOpenChange={setOpen} />
    </>
  );
}
