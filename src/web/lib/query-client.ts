import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/** Data is fetched once and kept until a mutation refreshes it: no polling, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's cache (the login and sign-up pages make their own: src/web/account). */
export const queryClient = createQueryClient();
