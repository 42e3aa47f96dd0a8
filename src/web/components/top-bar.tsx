import { Link, NavLink } from "react-router";
import { useAuth } from "../lib/auth";
import { useTranslation } from "../lib/i18n";
import { cn } from "../lib/utils";
import { LogoMark } from "./logo";
import { MobileNav } from "./mobile-nav";
import { MAIN_NAV } from "./nav-items";
import { NotificationsButton } from "./notifications-button";
import { PreferencesMenu } from "./preferences-menu";
import { Button } from "./ui/button";
import { UserMenu } from "./user-menu";

export function TopBar() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {user && <MobileNav />}
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <LogoMark />
          {t("common.brand")}
        </Link>
        {user && (
          <nav aria-label={t("nav.main")} className="ml-4 hidden md:block">
            <ul className="flex items-center gap-1">
              {MAIN_NAV.map(({ to, label }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === "/"}
                    className={({ isActive }) =>
                      cn(
                        "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring",
                        isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground",
                      )
                    }
                  >
                    {t(label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user ? (
            <>
              <NotificationsButton />
              <UserMenu user={user} />
            </>
          ) : (
            !isLoading && (
              <>
                <PreferencesMenu />
                <Button asChild variant="ghost" size="sm">
                  <a href="/login">{t("nav.login")}</a>
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
