import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router";

/**
 * Wraps every page: the skip link comes first in the tab order, and after each navigation focus moves
 * to the new page's <main>, so keyboard and screen-reader users start at the content, not wherever the
 * last page's focused element used to be.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg"
      >
        {t("common.skipToContent")}
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
