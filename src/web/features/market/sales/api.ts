import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MarketSessionView, SaleList, SaleView } from "../../../../shared/market";
import { apiJson } from "../../../lib/api";

/** The most sales one day's list shows; the list says when a busier day has more. */
export const SALES_PER_DAY_SHOWN = 200;

const storeApi = (storeId: string) => `/api/stores/${encodeURIComponent(storeId)}`;

export const salesKey = (storeId: string, day: string) =>
  [`${storeApi(storeId)}/sales?from=${day}&to=${day}&limit=${SALES_PER_DAY_SHOWN}`] as const;
export const marketSessionsKey = (storeId: string) => [`${storeApi(storeId)}/market-sessions`] as const;

/** The stall sales of one Oslo day, newest first; fresh whenever the screen shows. */
export function useDaySales(storeId: string, day: string) {
  return useQuery<SaleList>({ queryKey: salesKey(storeId, day), staleTime: 0 });
}

/** The store's markets, the open one first. */
export function useMarketSessions(storeId: string) {
  return useQuery<MarketSessionView[]>({ queryKey: marketSessionsKey(storeId), staleTime: 0 });
}

/** Everything a sale, a refund or a market touches: the lists, the sessions and the day reports. */
function invalidateMarket(queryClient: ReturnType<typeof useQueryClient>, storeId: string) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(storeApi(storeId)),
  });
}

export function useOpenMarket(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; openingCash: string }) =>
      apiJson<MarketSessionView>("POST", marketSessionsKey(storeId)[0], body),
    onSuccess: () => invalidateMarket(queryClient, storeId),
  });
}

export function useCloseMarket(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, countedCash }: { id: string; countedCash: string }) =>
      apiJson<MarketSessionView>("PUT", `/api/market-sessions/${encodeURIComponent(id)}`, { countedCash }),
    onSuccess: () => invalidateMarket(queryClient, storeId),
  });
}

export interface RefundBody {
  clientRefundId: string;
  lines: { itemId: string; qty: number }[];
  restock: boolean;
}

/** Gives back lines of a sale; the answer is the sale as it now is. */
export function useRefundSale(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, body }: { saleId: string; body: RefundBody }) =>
      apiJson<SaleView>("POST", `/api/sales/${encodeURIComponent(saleId)}/refund`, body),
    onSuccess: () => invalidateMarket(queryClient, storeId),
  });
}
