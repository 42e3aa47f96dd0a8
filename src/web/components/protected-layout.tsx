import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "../lib/auth";
import { AppShell } from "./app-shell";
import { LoadingScreen } from "./loading-screen";
import { TooltipProvider } from "./ui/tooltip";

/** Spec 2.1: a spinner while the user loads, /login when signed out (remembering the page), else the page. */
export function ProtectedLayout() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  if (isLoading) return <LoadingScreen />;
  if (!user) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  // Only the signed-in pages use tooltips: the public pages never load Radix's positioning code.
  return (
    <TooltipProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </TooltipProvider>
  );
}
