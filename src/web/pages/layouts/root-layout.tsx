import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { SkipLink } from "../../components/skip-link";

/**
 * Wraps every page: the skip link comes first in the tab order, and after each navigation focus moves
 * to the new page's <main>, so keyboard and screen-reader users start at the content, not wherever the
 * last page's focused element used to be.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <SkipLink />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
