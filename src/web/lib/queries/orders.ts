import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus, OrderView } from "../../../shared/order";
import { toast } from "../../hooks/use-toast";
import { apiJson } from "../api";
import { useTranslation } from "../i18n";
import { toastFailure } from "../toast-failure";

/** One page of an order list; "Show more" fetches the next. */
export const ORDER_PAGE_SIZE = 50;

export interface OrderFilters {
  storeId?: string;
  status?: OrderStatus;
  /**
   * With a storeId: true reads GET /api/stores/{id}/orders (one store's page, 404 when the store is not
   * yours), false GET /api/orders?storeId= (the filter on /orders).
   */
  storeScoped?: boolean;
}

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

function listUrl({ storeId, status, storeScoped }: OrderFilters): string {
  const params = new URLSearchParams();
  if (storeId && !storeScoped) params.set("storeId", storeId);
  if (status) params.set("status", status);
  const query = params.toString();
  const base = storeId && storeScoped ? `/api/stores/${encodeURIComponent(storeId)}/orders` : "/api/orders";
  return query ? `${base}?${query}` : base;
}

/** Query keys are the URL they GET, like every other key in the app, so URL-prefix invalidation reaches them. */
export const orderKeys = {
  list: (filters: OrderFilters) => [listUrl(filters), "pages"] as const,
  recent: ["/api/orders/recent"] as const,
  detail: (id: string) => [orderPath(id)] as const,
};

/** An order list, newest first, fetched a page at a time ("Show more" asks for the next; docs/product-spec.md 2.10). */
export function useOrders(filters: OrderFilters) {
  const queryKey = orderKeys.list(filters);
  const [url] = queryKey;
  return useInfiniteQuery({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiJson<OrderView[]>(
        "GET",
        `${url}${url.includes("?") ? "&" : "?"}limit=${ORDER_PAGE_SIZE}&offset=${pageParam}`,
      ),
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === ORDER_PAGE_SIZE ? pages.length * ORDER_PAGE_SIZE : undefined,
    select: (data) => data.pages.flat(),
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

/** Everything an order's status feeds: lists, the dashboard, notifications (pending orders) and analytics. */
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
    }: {
      id: string;
      status: OrderStatus;
      trackingNumber?: string;
    }) => apiJson<OrderView>("PATCH", `${orderPath(id)}/status`, { status, trackingNumber }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      toast({
        title: t("orders.updatedTitle"),
        description: t("orders.updatedDescription", { status: t(`status.inSentence.${order.status}`) }),
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
