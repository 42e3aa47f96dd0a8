import {
  ChartColumn,
  LayoutDashboard,
  type LucideIcon,
  ReceiptText,
  ShieldCheck,
  Store,
  Tent,
} from "lucide-react";

export interface NavItem {
  to: string;
  /** i18n key of the label. */
  label: string;
  icon: LucideIcon;
}

/** The top bar's links (docs/product-spec.md 2.2). */
export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "nav.dashboard", icon: LayoutDashboard },
  { to: "/stores", label: "nav.stores", icon: Store },
  { to: "/orders", label: "nav.orders", icon: ReceiptText },
  { to: "/analytics", label: "nav.analytics", icon: ChartColumn },
];

/**
 * The mobile menu holds the same four, the market stall (decision 0077: the phone is where a seller
 * opens it) and Admin.
 */
export const MOBILE_NAV: NavItem[] = [
  ...MAIN_NAV,
  { to: "/market", label: "market.nav", icon: Tent },
  { to: "/admin", label: "nav.admin", icon: ShieldCheck },
];
