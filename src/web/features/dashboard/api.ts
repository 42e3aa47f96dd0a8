import { useQuery } from "@tanstack/react-query";
import type { DashboardSummary } from "../../../shared/dashboard";
import { useAuth } from "../../lib/auth";

/** The answer GET /api/dashboard/summary declares (src/shared/dashboard.ts). */
export type { DashboardSummary };

export const dashboardKeys = {
  summary: ["/api/dashboard/summary"] as const,
};

/** The dashboard's three stat cards (docs/product-spec.md 2.4); nothing is fetched while signed out. */
export function useDashboardSummary() {
  const { user } = useAuth();
  return useQuery<DashboardSummary>({ queryKey: dashboardKeys.summary, enabled: Boolean(user) });
}
