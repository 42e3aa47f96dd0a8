import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type OrderStatus, type OrderView, statusWord } from "../../../shared/order";
import { toast } from "../../hooks/use-toast";
import { apiGetPage, apiJson, type ListPage } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { toastFailure } from "../../lib/toast-failure";

/** Orders on one page of an order list; the server counts the rest (decision 0041). */
export const ORDER_PAGE_SIZE = 20;

export interface OrderFilters {
  storeId?: string;
  status?: OrderStatus;
  /**
   * With a storeId: true reads GET /api/stores/{id}/orders (one store's page, 404 when the store is not
   * yours), false GET /api/orders?storeId= (the filter on /orders).
   */
  storeScoped?: boolean;
  /** 1-based. */
  page: number;
}

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

function listUrl({ storeId, status, storeScoped, page }: OrderFilters): string {
  const params = new URLSearchParams();
  if (storeId && !storeScoped) params.set("storeId", storeId);
  if (status) params.set("status", status);
  params.set("limit", String(ORDER_PAGE_SIZE));
  params.set("offset", String((page - 1) * ORDER_PAGE_SIZE));
  const base = storeId && storeScoped ? `/api/stores/${encodeURIComponent(storeId)}/orders` : "/api/orders";
  return `${base}?${params}`;
}

/** Query keys are the URL they GET, like every other key in the app, so URL-prefix invalidation reaches them. */
export const orderKeys = {
  list: (filters: OrderFilters) => [listUrl(filters)] as const,
  recent: ["/api/orders/recent"] as const,
  detail: (id: string) => [orderPath(id)] as const,
};

/**
 * One page of an order list, newest first, with the number of orders the filters match (docs/product-spec.md
 * 2.10, decision 0041). While the next page loads, the current one stays on screen.
 */
export function useOrderPage(filters: OrderFilters) {
  const queryKey = orderKeys.list(filters);
  return useQuery<ListPage<OrderView>>({
    queryKey,
    queryFn: ({ signal }) => apiGetPage<OrderView>(queryKey[0], signal),
    placeholderData: keepPreviousData,
  });
}

/** The latest 10 orders of all your stores; the dashboard asks only once you have a store (docs/product-spec.md 4). */
export function useRecentOrders(enabled: boolean) {
  return useQuery<OrderView[]>({ queryKey: orderKeys.recent, enabled });
}

/** One order with its items and status history. */
export function useOrder(id: string | null | undefined) {
  return useQuery<OrderView>({ queryKey: orderKeys.detail(id ?? ""), enabled: Boolean(id) });
}

/** Everything an order's status feeds: lists, the dashboard, notifications (what needs the seller) and analytics. */
function statusDependent(order: OrderView): string[] {
  return [
    "/api/orders",
    `/api/stores/${encodeURIComponent(order.storeId)}/orders`,
    "/api/dashboard",
    "/api/notifications",
    "/api/analytics",
  ];
}

/** PATCH /api/orders/{id}/status (section 4), with the spec's toasts. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({
      id,
      status,
      trackingNumber,
      restock,
    }: {
      id: string;
      status: OrderStatus;
      trackingNumber?: string;
      /** Cancelling a sent or withdrawn order: whether the piece is back (decision 0067). */
      restock?: boolean;
    }) => apiJson<OrderView>("PATCH", `${orderPath(id)}/status`, { status, trackingNumber, restock }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      toast({
        title: t("orders.updatedTitle"),
        description: t("orders.updatedDescription", {
          status: t(`status.inSentence.${statusWord(order.status, order.delivery?.kind)}`),
        }),
      });
      const prefixes = statusDependent(order);
      const detail = orderPath(order.id);
      // The answer already holds the updated order and its history: only the lists around it refetch.
      return queryClient.invalidateQueries({
        predicate: ({ queryKey: [url] }) =>
          typeof url === "string" && url !== detail && prefixes.some((prefix) => url.startsWith(prefix)),
      });
    },
    onError: (err) => {
      toastFailure(t("orders.updateFailedTitle"), err, t("orders.updateFailedDescription"));
    },
  });
}
