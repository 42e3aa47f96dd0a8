import { useEffect } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { accountPageUrl } from "../../../shared/next-path";
import { AppShell } from "../../components/app-shell";
import { LoadingScreen } from "../../components/loading-screen";
import { useAuth } from "../../lib/auth";

/**
 * docs/product-spec.md 2.1: a spinner while the user loads, /login when signed out (remembering the page; the login
 * page is rendered by the server, so it is a page load), else the page.
 */
export function ProtectedLayout() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  const signedOut = !isLoading && !user;
  useEffect(() => {
    if (signedOut) {
      window.location.replace(
        accountPageUrl("/login", `${location.pathname}${location.search}${location.hash}`),
      );
    }
  }, [signedOut, location]);

  // A full-screen page (the market stall, decision 0077) draws its own header: no top bar above it.
  const fullScreen = useMatches().some(
    (match) => (match.handle as { fullScreen?: boolean } | undefined)?.fullScreen,
  );

  if (!user) return <LoadingScreen />;
  if (fullScreen) return <Outlet />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
