import { Printer, X } from "lucide-react";
import { useState } from "react";
import { MAX_LABELS_PER_PDF } from "../../../../shared/carrier-settings";
import { shortOrderId } from "../../../../shared/order";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { usePrintLabels } from "../shipment-api";

/** The booked orders chosen for one print run, in the order they were ticked. */
export function useLabelSelection() {
  const [selected, setSelected] = useState<string[]>([]);
  return {
    selected,
    isSelected: (id: string) => selected.includes(id),
    toggle: (id: string) =>
      setSelected((ids) =>
        ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id].slice(0, MAX_LABELS_PER_PDF),
      ),
    clear: () => setSelected([]),
  };
}
export type LabelSelection = ReturnType<typeof useLabelSelection>;

/** A booked order's tick box for the print run; above the row's stretched "view" button, so it takes the click. */
export function LabelCheckbox({ orderId, selection }: { orderId: string; selection: LabelSelection }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      checked={selection.isSelected(orderId)}
      onChange={() => selection.toggle(orderId)}
      aria-label={t("orders.labels.select", { number: shortOrderId(orderId) })}
      className="relative z-10 size-4 accent-primary"
      data-testid="label-checkbox"
    />
  );
}

/** "Print labels": the ticked orders' labels as one PDF in a new tab (POST /api/stores/{id}/shipments/labels). */
export function PrintLabelsBar({ storeId, selection }: { storeId: string; selection: LabelSelection }) {
  const { t } = useTranslation();
  const print = usePrintLabels(storeId);
  if (selection.selected.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-3" data-testid="print-labels-bar">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium" aria-live="polite">
          {t("orders.labels.selected", { count: selection.selected.length })}
        </p>
        <Button
          type="button"
          size="sm"
          disabled={print.isPending}
          onClick={() =>
            // The tab opens at the click (a pop-up blocker lets it), and gets the PDF when it is here.
            print.mutate({ orderIds: selection.selected, tab: window.open("about:blank", "_blank") })
          }
        >
          {print.isPending ? <Spinner /> : <Printer aria-hidden="true" />}
          {t("orders.labels.print")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={selection.clear}>
          <X aria-hidden="true" />
          {t("orders.labels.clear")}
        </Button>
      </div>
      {print.isError && (
        <p role="alert" className="text-sm font-medium text-error">
          {errorMessage(print.error, t("orders.labels.failed"))}
        </p>
      )}
    </div>
  );
}
