import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type RegisterInput, registerSchema } from "../../shared/auth";
import { accountPageUrl } from "../../shared/next-path";
import { AuthLayout, SignupRestrictedNote } from "../components/auth-layout";
import { LoadingScreen } from "../components/loading-screen";
import { LogoMark } from "../components/logo";
import { PageTitle } from "../components/page-title";
import { RegisterFields } from "../components/register-fields";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { useSubmission } from "../hooks/use-submission";
import { continueAfterSignIn, useAuth } from "../lib/auth";
import { useTranslation } from "../lib/i18n";

/** docs/product-spec.md 2.4, rendered by the server (src/web/account); after it, the visitor goes on to `next`. */
export function RegisterPage({ next }: { next: string }) {
  const { t } = useTranslation();
  const { user, registerMutation } = useAuth();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: "", email: "", password: "" },
  });
  const { pending, submit } = useSubmission();

  // A new account is signed in at once (decision 0002): the dashboard, or the page that asked, is loading.
  if (user) return <LoadingScreen />;

  return (
    <AuthLayout>
      <PageTitle title={t("nav.signUp")} />
      <div className="mb-8 space-y-3 text-center">
        <LogoMark className="mx-auto size-11 lg:hidden" />
        <h1 className="text-3xl font-semibold tracking-tight">{t("register.title")}</h1>
        <p className="text-balance text-muted-foreground">{t("register.subtitle")}</p>
      </div>
      {/* POST: a form sent before the page's script has run must not put the password in the address. */}
      <form
        method="post"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          // On from this submission's own answer: a second one, had it been sent, could not hold it back.
          if (await submit(() => registerMutation.mutateAsync(values))) continueAfterSignIn(next);
        })}
        className="grid gap-5"
      >
        <RegisterFields form={form} />
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
          {pending && <Spinner />}
          {pending ? t("register.pending") : t("register.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t("register.haveAccount")}{" "}
        <a
          href={accountPageUrl("/login", next)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("register.logInLink")}
        </a>
      </p>
      <SignupRestrictedNote />
    </AuthLayout>
  );
}
