import { zodResolver } from "@hookform/resolvers/zod";
import {
  Bell,
  CreditCard,
  Palette,
  RotateCw,
  ShieldCheck,
  SlidersHorizontal,
  TriangleAlert,
} from "lucide-react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { useSubmission } from "../../../hooks/use-submission";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useUserSettings } from "../../../lib/settings";
import { useSaveSettingsForm } from "../api";
import { AppearanceTab } from "./appearance-tab";
import { BillingTab } from "./billing-tab";
import { GeneralTab } from "./general-tab";
import { NotificationsTab } from "./notifications-tab";
import { PrivacyTab } from "./privacy-tab";
import { type SettingsForm, settingsFormSchema } from "./settings-form";

const TABS = [
  { value: "general", icon: SlidersHorizontal },
  { value: "notifications", icon: Bell },
  { value: "appearance", icon: Palette },
  { value: "billing", icon: CreditCard },
  { value: "privacy", icon: ShieldCheck },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** The open tab lives in the address (?tab=billing), so a reload or a link keeps it. */
const TAB_PARAM = "tab";

function isTab(value: unknown): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

/** docs/product-spec.md 2.15 with decision 0011: every setting is stored on the server. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const save = useSaveSettingsForm();
  const submission = useSubmission();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(TAB_PARAM);
  const tab: Tab = isTab(param) ? param : "general";
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    values: settings.data && {
      emailNotifications: settings.data.emailNotifications,
    },
    // Language and theme save on their own; unsaved changes here must survive that refresh.
    resetOptions: { keepDirtyValues: true },
  });

  function selectTab(next: string) {
    setSearchParams(
      (params) => {
        if (next === "general") params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );
  }

  let body: ReactNode;
  if (settings.isPending) {
    body = <PageSpinner label={t("settingsPage.loading")} />;
  } else if (settings.isError) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-14 text-center">
        <TriangleAlert aria-hidden="true" className="size-8 text-error" />
        <p className="font-medium">{errorMessage(settings.error, t("settingsPage.loadFailed"))}</p>
        <Button variant="outline" onClick={() => void settings.refetch()}>
          <RotateCw aria-hidden="true" />
          {t("orders.retry")}
        </Button>
      </div>
    );
  } else {
    body = (
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submission.submit(() => save.mutateAsync(values)))}
        >
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList
              aria-label={t("settingsPage.tabsLabel")}
              className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto"
            >
              {TABS.map(({ value, icon: Icon }) => (
                <TabsTrigger key={value} value={value}>
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`settingsPage.tabs.${value}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="general">
              <GeneralTab />
            </TabsContent>
            <TabsContent value="notifications">
              <NotificationsTab saving={submission.pending} />
            </TabsContent>
            <TabsContent value="appearance">
              <AppearanceTab />
            </TabsContent>
            <TabsContent value="billing">
              <BillingTab />
            </TabsContent>
            <TabsContent value="privacy">
              <PrivacyTab />
            </TabsContent>
          </Tabs>
        </form>
      </FormProvider>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <PageHeader title={t("settingsPage.title")} description={t("settingsPage.description")} />
      {body}
    </div>
  );
}
