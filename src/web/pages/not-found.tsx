import { MapPinOff } from "lucide-react";
import { Link } from "react-router";
import { AppShell } from "../components/app-shell";
import { PageTitle } from "../components/page-title";
import { Button } from "../components/ui/button";
import { useTranslation } from "../lib/i18n";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AppShell>
      <PageTitle title={t("notFound.title")} />
      <div className="flex flex-1 flex-col items-center justify-center gap-5 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <MapPinOff aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("notFound.title")}</h1>
        <p className="max-w-md text-muted-foreground">{t("notFound.text")}</p>
        <Button asChild>
          <Link to="/">{t("common.backHome")}</Link>
        </Button>
      </div>
    </AppShell>
  );
}
