import { CreditCard, LockKeyhole, ScanSearch, Store } from "lucide-react";
import type { ReactNode } from "react";
import { useAuthOptions } from "../lib/auth";
import { useTranslation } from "../lib/i18n";
import { LogoMark } from "./logo";
import { PreferencesMenu } from "./preferences-menu";

const FEATURES = [
  { icon: ScanSearch, title: "showcase.aiTitle", text: "showcase.aiText" },
  { icon: Store, title: "showcase.storesTitle", text: "showcase.storesText" },
  { icon: CreditCard, title: "showcase.paymentsTitle", text: "showcase.paymentsText" },
] as const;

/** The side panel of the login and sign-up screens (lg and wider): tagline and the three feature points. */
function Showcase() {
  const { t } = useTranslation();
  return (
    <aside className="relative hidden overflow-hidden bg-panel text-panel-foreground lg:flex lg:flex-col lg:gap-12 lg:p-12 xl:p-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.09)_1px,transparent_0)] bg-size-[22px_22px]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -bottom-32 size-[28rem] rounded-full bg-[radial-gradient(closest-side,rgb(255_255_255/0.10),transparent)]"
      />
      <div className="relative flex items-center gap-2.5 text-xl font-semibold tracking-tight">
        <LogoMark tone="inverse" className="size-9" />
        {t("common.brand")}
      </div>
      <div className="relative my-auto max-w-lg space-y-10 pb-12">
        <p className="text-3xl leading-tight font-semibold tracking-tight text-balance xl:text-4xl">
          {t("showcase.tagline")}
        </p>
        <ul className="space-y-6">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="space-y-1">
                <h2 className="font-semibold">{t(title)}</h2>
                <p className="text-sm leading-relaxed text-panel-muted">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** Two columns on wide screens (showcase + form), the form alone below lg. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      <Showcase />
      <div className="relative flex flex-col">
        <div className="absolute top-3 right-3 sm:top-4 sm:right-4">
          <PreferencesMenu />
        </div>
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 items-center justify-center px-4 py-16 outline-none sm:px-8"
        >
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** decision 0002: the spec's footer, shown only when the server restricts sign-up to an allow-list. */
export function SignupRestrictedNote() {
  const { t } = useTranslation();
  const { data: options } = useAuthOptions();
  if (!options?.signupRestricted) return null;
  return (
    <p className="mt-8 flex items-center justify-center gap-2 border-t pt-6 text-xs text-muted-foreground">
      <LockKeyhole aria-hidden="true" className="size-3.5" />
      {t("auth.restricted")}
    </p>
  );
}
