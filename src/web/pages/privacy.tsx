import type { RetentionPeriods } from "../../shared/privacy";
import { LogoMark } from "../components/logo";
import { PageTitle } from "../components/page-title";
import { PreferencesMenu } from "../components/preferences-menu";
import { useTranslation } from "../lib/i18n";

const STORED = [
  "privacy.account",
  "privacy.stores",
  "privacy.photos",
  "privacy.orders",
  "privacy.sms",
  "privacy.ai",
  "privacy.views",
  "privacy.sessions",
  "privacy.throttling",
] as const;

/**
 * What Torg stores, why, for how long (the configured periods, rendered by the server), who answers
 * for it and how to use one's rights. Plain text: it must read the same without any script.
 */
export function PrivacyPage({ retention }: { retention: RetentionPeriods }) {
  const { t } = useTranslation();
  const kept = [
    t("privacy.keepAccount"),
    t("privacy.keepOrders", { years: retention.orderContactYears }),
    t("privacy.keepSms", { days: retention.smsLogDays }),
    t("privacy.keepAi", { days: retention.aiLogDays }),
    t("privacy.keepViews", { days: retention.viewCountDays }),
    t("privacy.keepSessions", { days: retention.sessionDays }),
    t("privacy.keepThrottling"),
  ];
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between border-b px-4 py-3 sm:px-8">
        <a href="/" className="inline-flex items-center gap-2 font-semibold tracking-tight">
          <LogoMark className="size-7" />
          {t("common.brand")}
        </a>
        <PreferencesMenu />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-2xl space-y-8 px-4 py-12 outline-none sm:px-8">
        <PageTitle title={t("privacy.title")} />
        <div className="space-y-3">
          <h1 className="text-3xl font-semibold tracking-tight text-balance">{t("privacy.heading")}</h1>
          <p className="text-muted-foreground">{t("privacy.intro")}</p>
        </div>
        <Section title={t("privacy.storedTitle")}>
          <ul className="list-disc space-y-2 pl-5">
            {STORED.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Section>
        <Section title={t("privacy.keepTitle")}>
          <ul className="list-disc space-y-2 pl-5">
            {kept.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Section>
        <Section title={t("privacy.controllerTitle")}>
          <p>{t("privacy.controller")}</p>
        </Section>
        <Section title={t("privacy.rightsTitle")}>
          <ul className="list-disc space-y-2 pl-5">
            <li>{t("privacy.rightsAccess")}</li>
            <li>{t("privacy.rightsErase")}</li>
            <li>{t("privacy.rightsBuyer")}</li>
          </ul>
        </Section>
        <p>
          <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("privacy.back")}
          </a>
        </p>
      </main>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}
