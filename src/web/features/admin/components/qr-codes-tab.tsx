import { Download, ExternalLink, Pencil, Printer, QrCode, Trash2 } from "lucide-react";
import { useState } from "react";
import type { QrCodeView } from "../../../../shared/qr";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { usePageParam } from "../../../hooks/use-page-param";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useDeleteQrCode } from "../api";
import { ActiveBadge } from "./active-badge";
import { AdminTable } from "./admin-list";
import { useAdminFormatters } from "./format";
import { QrCodeForm } from "./qr-code-form";
import { openPrintView, qrImageUrl } from "./qr-image";
import { RowAction } from "./row-action";

interface Selection {
  qr: QrCodeView | null;
  /** Whether the form should take focus: yes after Edit or New, no after a save. */
  focus: boolean;
}

/**
 * docs/product-spec.md 2.16 QR Codes as decision 0012 wires it: the list with open, print, download, edit and delete, and a side
 * form (beside the list on wide screens, above it on a phone) that creates or edits a code.
 */
export function QrCodesTab({
  storeId,
}: {
  /** A store's own tab: its codes, and new ones linked to it. */ storeId?: string;
} = {}) {
  const { t } = useTranslation();
  const { count } = useAdminFormatters();
  const [, setPage] = usePageParam();
  const remove = useDeleteQrCode();
  const [selection, setSelection] = useState<Selection>({ qr: null, focus: false });
  const [deleting, setDeleting] = useState<QrCodeView | null>(null);

  function print(qr: QrCodeView) {
    if (!openPrintView(qr, t("admin.qr.printTitle", { code: qr.code }))) {
      toast({
        variant: "destructive",
        title: t("admin.qr.popupBlockedTitle"),
        description: t("admin.qr.popupBlockedDescription"),
      });
    }
  }

  function saved(qr: QrCodeView, created: boolean) {
    setSelection({ qr, focus: false });
    // The newest code is the first row of the first page.
    if (created) setPage(1);
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id, code } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: t("admin.qr.deletedTitle"), description: t("admin.qr.deletedDescription", { code }) });
        if (selection.qr?.id === id) setSelection({ qr: null, focus: false });
        setDeleting(null);
      },
      onError: (err) => {
        toastFailure(t("admin.qr.deleteFailedTitle"), err, t("admin.qr.deleteFailedDescription"));
      },
    });
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <QrCodeForm
        key={selection.qr?.id ?? "new"}
        editing={selection.qr}
        defaultStoreId={storeId}
        autoFocus={selection.focus}
        onSaved={saved}
        onNew={() => setSelection({ qr: null, focus: true })}
        className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
      />
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <AdminTable
          list="qr-codes"
          storeId={storeId}
          empty={{
            icon: <QrCode aria-hidden="true" />,
            title: t("admin.qr.empty"),
            text: t("admin.qr.emptyText"),
          }}
          caption={t("admin.qr.caption")}
          rowKey={(qr) => qr.id}
          selectedKey={selection.qr?.id ?? null}
          columns={[
            {
              key: "code",
              header: t("admin.qr.code"),
              className: "whitespace-nowrap",
              cell: (qr) => <span className="font-mono">{qr.code}</span>,
            },
            {
              key: "url",
              header: t("admin.qr.url"),
              className: "max-w-56",
              cell: (qr) => (
                <span
                  className="block truncate text-muted-foreground max-md:whitespace-normal max-md:break-all"
                  title={qr.url}
                >
                  {qr.url}
                </span>
              ),
            },
            {
              key: "store",
              header: t("admin.qr.store"),
              cell: (qr) =>
                qr.store ? (
                  qr.store.name
                ) : (
                  <span className="text-muted-foreground">{t("admin.qr.unassigned")}</span>
                ),
            },
            {
              key: "status",
              header: t("admin.qr.status"),
              cell: (qr) => <ActiveBadge active={qr.isActive} />,
            },
            {
              key: "scans",
              header: t("admin.qr.scans"),
              className: "text-right tabular-nums",
              cell: (qr) => count(qr.scannedCount),
            },
          ]}
          actions={{
            header: t("admin.actions"),
            cell: (qr, layout) => (
              <>
                <RowAction
                  layout={layout}
                  icon={ExternalLink}
                  text={t("admin.qr.openUrl")}
                  label={t("admin.qr.openUrlOf", { code: qr.code })}
                  href={qr.url}
                  newTab
                />
                <RowAction
                  layout={layout}
                  icon={Printer}
                  text={t("admin.qr.print")}
                  label={t("admin.qr.printOf", { code: qr.code })}
                  onClick={() => print(qr)}
                />
                <RowAction
                  layout={layout}
                  icon={Download}
                  text={t("admin.qr.downloadSvg")}
                  label={t("admin.qr.downloadSvgOf", { code: qr.code })}
                  href={qrImageUrl(qr, { format: "svg" })}
                  download={`torg-${qr.code}.svg`}
                />
                <RowAction
                  layout={layout}
                  icon={Pencil}
                  text={t("admin.edit")}
                  label={t("admin.qr.editOf", { code: qr.code })}
                  onClick={() => setSelection({ qr, focus: true })}
                />
                <RowAction
                  layout={layout}
                  icon={Trash2}
                  text={t("admin.delete")}
                  label={t("admin.qr.deleteOf", { code: qr.code })}
                  onClick={() => setDeleting(qr)}
                  destructive
                />
              </>
            ),
          }}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("admin.qr.deleteTitle")}
        description={t("admin.qr.deleteWarning", { code: deleting?.code ?? "" })}
        confirmLabel={t("admin.qr.deleteConfirm")}
        pendingLabel={t("admin.qr.deleting")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        destructive
      />
    </div>
  );
}
