import { Plus, TicketPercent } from "lucide-react";
import { useState } from "react";
import type { DiscountState, DiscountView } from "../../../../shared/discount";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useDeleteDiscount, useDiscounts, useSaveDiscount } from "../api";
import { DiscountDialog } from "./discount-dialog";
import { discountBodyWithState } from "./discount-form";
import { type DiscountAction, DiscountList } from "./discount-list";

const STATE_OF = { pause: "paused", resume: "active", end: "ended" } as const satisfies Record<
  string,
  DiscountState
>;

/** The store page's Discounts tab (issue 29): the codes, how each has done, and what can be done to it. */
export function DiscountsTab({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const codes = useDiscounts(storeId);
  const save = useSaveDiscount(storeId);
  const remove = useDeleteDiscount(storeId);
  /** undefined: the dialog is closed; null: a new code. */
  const [editing, setEditing] = useState<DiscountView | null | undefined>(undefined);
  const [confirming, setConfirming] = useState<{ code: DiscountView; action: "end" | "delete" } | null>(null);

  function changeState(code: DiscountView, action: keyof typeof STATE_OF) {
    return save.mutateAsync(
      { id: code.id, body: discountBodyWithState(code, STATE_OF[action]) },
      {
        onSuccess: () => toast({ title: t(`discounts.toast.${action}`, { code: code.code }) }),
        onError: (error) => toastFailure(t("discounts.toast.saveFailed"), error, t("common.tryAgain")),
      },
    );
  }

  function act(code: DiscountView, action: DiscountAction) {
    if (action === "edit") setEditing(code);
    else if (action === "end" || action === "delete") setConfirming({ code, action });
    else void changeState(code, action).catch(() => undefined);
  }

  function confirm() {
    if (!confirming) return;
    const { code, action } = confirming;
    const done = () => setConfirming(null);
    if (action === "end") {
      void changeState(code, "end").then(done, () => undefined);
      return;
    }
    remove.mutate(code.id, {
      onSuccess: () => {
        toast({ title: t("discounts.toast.deleted", { code: code.code }) });
        done();
      },
      onError: (error) => toastFailure(t("discounts.toast.deleteFailed"), error, t("common.tryAgain")),
    });
  }

  const newCode = (
    <Button onClick={() => setEditing(null)}>
      <Plus aria-hidden="true" />
      {t("discounts.new")}
    </Button>
  );

  return (
    <section aria-labelledby="discounts-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="discounts-title" className="text-xl font-semibold tracking-tight">
            {t("discounts.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("discounts.subtitle")}</p>
        </div>
        {codes.isSuccess && codes.data.length > 0 && newCode}
      </div>

      {codes.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : codes.isError ? (
        <LoadFailed onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <EmptyState
          icon={TicketPercent}
          title={t("discounts.empty")}
          text={t("discounts.emptyText")}
          action={
            <Button onClick={() => setEditing(null)}>
              <Plus aria-hidden="true" />
              {t("discounts.createFirst")}
            </Button>
          }
        />
      ) : (
        <DiscountList codes={codes.data} onAction={act} />
      )}

      <DiscountDialog storeId={storeId} editing={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.action === "end"
            ? t("discounts.confirmEnd.title", { code: confirming.code.code })
            : t("discounts.confirmDelete.title", { code: confirming?.code.code ?? "" })
        }
        description={
          confirming?.action === "end" ? t("discounts.confirmEnd.text") : t("discounts.confirmDelete.text")
        }
        confirmLabel={
          confirming?.action === "end"
            ? t("discounts.confirmEnd.confirm")
            : t("discounts.confirmDelete.confirm")
        }
        pending={save.isPending || remove.isPending}
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}
