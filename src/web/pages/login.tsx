import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type LoginInput, loginSchema } from "../../shared/auth";
import { accountPageUrl } from "../../shared/next-path";
import { AccountEmailField } from "../components/account-email-field";
import { AuthLayout, SignupRestrictedNote } from "../components/auth-layout";
import { LoadingScreen } from "../components/loading-screen";
import { LogoMark } from "../components/logo";
import { PageTitle } from "../components/page-title";
import { Button } from "../components/ui/button";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { useSubmission } from "../hooks/use-submission";
import { continueAfterSignIn, useAuth } from "../lib/auth";
import { useTranslation } from "../lib/i18n";

/**
 * docs/product-spec.md 2.3, rendered by the server (src/web/account); `next` is the page that asked for a login, checked
 * by the server to be one of this site's.
 */
export function LoginPage({ next }: { next: string }) {
  const { t } = useTranslation();
  const { user, loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const { pending, submit } = useSubmission();

  // Signed in just now: the dashboard, or the page that asked for a login, is loading.
  if (user) return <LoadingScreen />;

  return (
    <AuthLayout>
      <PageTitle title={t("login.submit")} />
      <div className="mb-8 space-y-3 text-center">
        <LogoMark className="mx-auto size-11 lg:hidden" />
        <h1 className="text-3xl font-semibold tracking-tight">{t("login.title")}</h1>
        <p className="text-balance text-muted-foreground">{t("login.subtitle")}</p>
      </div>
      {/* POST: a form sent before the page's script has run must not put the password in the address. */}
      <form
        method="post"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          if (await submit(() => loginMutation.mutateAsync(values))) continueAfterSignIn(next);
        })}
        className="grid gap-5"
      >
        <AccountEmailField registration={form.register("email")} error={errors.email?.message} />
        <FormField label={t("auth.password")} error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("password")}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        <p className="-mt-3 text-right text-sm">
          <a href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("accountLinks.forgotLink")}
          </a>
        </p>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
          {pending && <Spinner />}
          {pending ? t("login.pending") : t("login.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t("login.noAccount")}{" "}
        <a
          href={accountPageUrl("/register", next)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("login.signUpLink")}
        </a>
      </p>
      <SignupRestrictedNote />
      <p className="mt-6 text-center text-xs">
        <a href="/privacy" className="text-muted-foreground underline-offset-4 hover:underline">
          {t("login.privacyLink")}
        </a>
      </p>
    </AuthLayout>
  );
}
