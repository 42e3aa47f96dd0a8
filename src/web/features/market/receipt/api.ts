import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SaleBuyer, SaleView } from "../../../../shared/market";
import type { SendReceiptInput } from "../../../../shared/receipt-send";
import { apiJson } from "../../../lib/api";

const salePath = (saleId: string) => `/api/sales/${encodeURIComponent(saleId)}`;

/** Sends the sale's receipt to the buyer by e-mail or SMS (POST /api/sales/{id}/receipt). */
export function useSendReceipt(saleId: string) {
  return useMutation({
    mutationFn: (input: SendReceiptInput) =>
      apiJson<{ channel: "email" | "sms"; receiptNumber: number }>(
        "POST",
        `${salePath(saleId)}/receipt`,
        input,
      ),
  });
}

/** Saves the buyer's name and address (PUT /api/sales/{id}/buyer); the sale's view comes back with it. */
export function useSaveBuyer(saleId: string, onSaved?: (sale: SaleView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buyer: SaleBuyer) => apiJson<SaleView>("PUT", `${salePath(saleId)}/buyer`, buyer),
    onSuccess: (sale) => {
      queryClient.setQueryData([salePath(saleId)], sale);
      onSaved?.(sale);
    },
  });
}
