import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../auth";

export interface DashboardSummary {
  activeStores: number;
  /** Orders placed in the last `recentDays` days. */
  recentOrders: number;
  recentDays: number;
  /** Paid and fulfilled orders this calendar month, Oslo time (decision 0010), as a decimal string. */
  monthRevenue: string;
}

export const dashboardKeys = {
  summary: ["/api/dashboard/summary"] as const,
};

/** The dashboard's three stat cards (docs/product-spec.md 2.4); nothing is fetched while signed out. */
export function useDashboardSummary() {
  const { user } = useAuth();
  return useQuery<DashboardSummary>({ queryKey: dashboardKeys.summary, enabled: Boolean(user) });
}
