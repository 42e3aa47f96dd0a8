import type { StoreSummary } from "../../../shared/store";
import { toast } from "../../hooks/use-toast";
import { useTranslation } from "../../lib/i18n";
import { useDeleteStore } from "../../lib/queries/stores";
import { toastFailure } from "../../lib/toast-failure";
import { ConfirmDialog } from "../ui/confirm-dialog";

interface DeleteStoreDialogProps {
  /** The store to delete; null keeps the dialog closed. */
  store: Pick<StoreSummary, "id" | "name"> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** docs/product-spec.md 2.7: "Are you sure?", then the delete with its toasts. */
export function DeleteStoreDialog({ store, onClose, onDeleted }: DeleteStoreDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteStore();

  function confirm() {
    if (!store) return;
    remove.mutate(store.id, {
      onSuccess: () => {
        toast({
          title: t("stores.deletedTitle"),
          description: t("stores.deletedDescription", { name: store.name }),
        });
        onClose();
        onDeleted?.();
      },
      onError: (err) => {
        toastFailure(t("stores.deleteFailedTitle"), err, t("stores.deleteFailedDescription"));
      },
    });
  }

  return (
    <ConfirmDialog
      open={store !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t("confirm.title")}
      description={t("stores.deleteWarning", { name: store?.name ?? "" })}
      confirmLabel={t("stores.deleteConfirm")}
      pendingLabel={t("stores.deleting")}
      pending={remove.isPending}
      onConfirm={confirm}
      destructive
    />
  );
}
