import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CarrierSettingsView } from "../../../shared/carrier-settings";
import type { OrderView } from "../../../shared/order";
import type { BringServiceCode } from "../../../shared/shipping";
import { apiJson, apiRequest } from "../../lib/api";

/**
 * The store's carrier account (GET /api/stores/{id}/carrier; null: none connected). A failed read (an
 * older server without the route) counts as none: the order dialog then offers no booking.
 */
export function useStoreCarrier(storeId: string, enabled: boolean) {
  return useQuery<CarrierSettingsView | null>({
    queryKey: [`/api/stores/${encodeURIComponent(storeId)}/carrier`],
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/orders/{id}/shipment: books the parcel; the order, its lists and the dashboard refetch. */
export function useBookShipment(order: Pick<OrderView, "id" | "storeId">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service?: BringServiceCode) =>
      apiJson<{ trackingNumber: string; trackingUrl: string; labelUrl: string }>(
        "POST",
        `/api/orders/${encodeURIComponent(order.id)}/shipment`,
        service ? { service } : {},
      ),
    onSuccess: () => {
      const prefixes = [
        `/api/orders/${order.id}`,
        "/api/orders",
        `/api/stores/${encodeURIComponent(order.storeId)}/orders`,
        "/api/dashboard",
        "/api/notifications",
      ];
      return queryClient.invalidateQueries({
        predicate: ({ queryKey: [url] }) =>
          typeof url === "string" && prefixes.some((p) => url.startsWith(p)),
      });
    },
  });
}

/**
 * POST /api/stores/{id}/shipments/labels: the chosen orders' labels as one PDF, opened in a new tab
 * (the tab is opened at the click, so no pop-up blocker stops it, and filled when the PDF is here).
 */
export function usePrintLabels(storeId: string) {
  return useMutation({
    mutationFn: async ({ orderIds, tab }: { orderIds: string[]; tab: Window | null }) => {
      try {
        const response = await apiRequest(
          "POST",
          `/api/stores/${encodeURIComponent(storeId)}/shipments/labels`,
          {
            orderIds,
          },
        );
        const url = URL.createObjectURL(await response.blob());
        if (tab) tab.location.href = url;
        else window.open(url, "_blank", "noopener");
        // The tab has read it by then; the object URL is only memory.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
