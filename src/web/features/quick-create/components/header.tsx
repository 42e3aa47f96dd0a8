import { Link } from "react-router";
import { accountPageUrl } from "../../../../shared/next-path";
import { LogoMark } from "../../../components/logo";
import { PreferencesMenu } from "../../../components/preferences-menu";
import { Button } from "../../../components/ui/button";
import { UserMenu } from "../../../components/user-menu";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";

/** After logging in from here, the login page brings the visitor back to their draft. */
export const LOGIN_FOR_QUICK_CREATE = accountPageUrl("/login", "/quick-create");

/**
 * A light bar for a public page: the brand, and Login / Sign Up or the user menu. The flow keeps the
 * visitor's attention, so the signed-in navigation stays in the dashboard.
 */
export function QuickCreateHeader() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:h-16 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <LogoMark className="size-7 sm:size-8" />
          {t("common.brand")}
        </Link>
        <span aria-hidden="true" className="hidden h-5 w-px bg-border sm:block" />
        <span className="hidden text-sm font-medium text-muted-foreground sm:block">
          {t("quickCreate.title")}
        </span>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            !isLoading && (
              <>
                <PreferencesMenu />
                <Button asChild variant="ghost" size="sm">
                  <a href={LOGIN_FOR_QUICK_CREATE}>{t("nav.login")}</a>
                </Button>
                <Button asChild size="sm">
                  <a href="/register">{t("nav.signUp")}</a>
                </Button>
              </>
            )
          )}
        </div>
      </div>
    </header>
  );
}
