import { Languages, LogOut, Settings, ShieldCheck, SunMoon, UserRound } from "lucide-react";
import { Link } from "react-router";
import type { PublicUser } from "../../shared/auth";
import { useAuth } from "../lib/auth";
import { useTranslation } from "../lib/i18n";
import { initials } from "../lib/utils";
import { LanguageRadioItems, ThemeRadioItems } from "./preference-items";
import { Avatar, AvatarFallback } from "./ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

export function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { logoutMutation } = useAuth();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={t("userMenu.trigger", { name: user.fullName })}
      >
        <Avatar>
          <AvatarFallback>{initials(user.fullName)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate font-semibold">{user.fullName}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <UserRound aria-hidden="true" />
              {t("userMenu.profile")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings aria-hidden="true" />
              {t("userMenu.settings")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              {t("userMenu.adminDashboard")}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <SunMoon aria-hidden="true" className="size-3.5" />
          {t("userMenu.theme")}
        </DropdownMenuLabel>
        <ThemeRadioItems />
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <Languages aria-hidden="true" className="size-3.5" />
          {t("userMenu.language")}
        </DropdownMenuLabel>
        <LanguageRadioItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden="true" />
          {t("userMenu.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
