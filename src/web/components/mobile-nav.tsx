import { Menu } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "../lib/i18n";
import { cn } from "../lib/utils";
import { LogoMark } from "./logo";
import { MOBILE_NAV } from "./nav-items";
import { Button } from "./ui/button";
import { Dialog, DialogTitle, DialogTrigger, SheetContent } from "./ui/dialog";

/** The hamburger menu below the md breakpoint: the four main links plus Admin. */
export function MobileNav() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("nav.openMenu")}>
          <Menu aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <SheetContent aria-describedby={undefined}>
        <DialogTitle className="flex items-center gap-2 text-lg font-semibold">
          <LogoMark className="size-7" />
          {t("nav.menuTitle")}
        </DialogTitle>
        <nav aria-label={t("nav.main")}>
          <ul className="grid gap-1">
            {MOBILE_NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === "/"}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
                      isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Dialog>
  );
}
