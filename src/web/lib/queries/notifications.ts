import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notifications, SellerNotification } from "../../../shared/dashboard";
import { apiRequest } from "../api";
import { useAuth } from "../auth";

/** The answer GET /api/notifications declares (src/shared/dashboard.ts). */
export type { Notifications, SellerNotification };

export const notificationKeys = {
  all: ["/api/notifications"] as const,
};

/** Orders come to need the seller without them doing anything, so this one query looks again every minute (decision 0014). */
const POLL_INTERVAL_MS = 60_000;

export function useNotifications() {
  const { user } = useAuth();
  return useQuery<Notifications>({
    queryKey: notificationKeys.all,
    enabled: Boolean(user),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

/** POST /api/notifications/seen: the badge clears at once, and the list is read again once it is saved. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/notifications/seen"),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      queryClient.setQueryData<Notifications>(notificationKeys.all, (current) =>
        current ? { ...current, unseenCount: 0 } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
