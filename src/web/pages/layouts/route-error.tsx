import { TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button } from "../../components/ui/button";
import { useTranslation } from "../../lib/i18n";

/** Shown when a page fails to load or render, most often a stale bundle after a new release. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col outline-none items-center justify-center gap-4 p-6 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-10 text-error" />
      <h1 className="text-2xl font-semibold">{t("routeError.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("routeError.text")}</p>
      <Button onClick={() => window.location.reload()}>{t("routeError.reload")}</Button>
    </main>
  );
}
