import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type PublicUser,
  resetPasswordSchema,
} from "../../shared/auth";
import type { z } from "../../shared/zod";
import { AccountEmailField } from "../components/account-email-field";
import { AuthLayout } from "../components/auth-layout";
import { LogoMark } from "../components/logo";
import { PageTitle } from "../components/page-title";
import { Button } from "../components/ui/button";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { useSubmission } from "../hooks/use-submission";
import { toast } from "../hooks/use-toast";
import { apiJson, apiRequest } from "../lib/api";
import { continueAfterSignIn } from "../lib/auth";
import { useTranslation } from "../lib/i18n";
import { toastFailure } from "../lib/toast-failure";

/**
 * The pages the account e-mails lead to (decision 0065): "Forgot password?", the reset link's page and
 * the proof-of-address link's page, rendered by the server like the login page (src/web/account).
 */

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PageTitle title={title} />
      <div className="mb-8 space-y-3 text-center">
        <LogoMark className="mx-auto size-11 lg:hidden" />
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-balance text-muted-foreground">{subtitle}</p>
      </div>
    </>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center text-sm">
      <a href="/login" className={linkClass}>
        {t("accountLinks.backToLogin")}
      </a>
    </p>
  );
}

/** A notice that stays on the page (and is read out), not a toast that goes. */
function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-md border bg-muted/50 p-4 text-center text-sm">
      {children}
    </p>
  );
}

/** "Forgot password?": the address to send a link to; the same answer whether or not it has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;
  const { pending, submit } = useSubmission();
  const [sent, setSent] = useState(false);

  return (
    <AuthLayout>
      <Heading title={t("accountLinks.forgotTitle")} subtitle={t("accountLinks.forgotSubtitle")} />
      {sent ? (
        <Notice>{t("accountLinks.forgotSent")}</Notice>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={form.handleSubmit(async (values) => {
            const done = await submit(async () => {
              try {
                await apiRequest("POST", "/api/password-reset", values);
                return true;
              } catch (err) {
                toastFailure(t("accountLinks.forgotTitle"), err, t("common.tryAgain"));
                throw err;
              }
            });
            if (done) setSent(true);
          })}
          className="grid gap-5"
        >
          <AccountEmailField registration={form.register("email")} error={errors.email?.message} />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
            {pending && <Spinner />}
            {pending ? t("accountLinks.sending") : t("accountLinks.forgotSubmit")}
          </Button>
        </form>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}

/** The form's own shape: the token comes from the link, the password from the field (sign-up's rule). */
const newPasswordSchema = resetPasswordSchema.pick({ password: true });

/** The reset link's page: a new password, then signed in (every other session ended by the server). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;
  const { pending, submit } = useSubmission();

  return (
    <AuthLayout>
      <Heading title={t("accountLinks.resetTitle")} subtitle={t("accountLinks.resetSubtitle")} />
      {token ? (
        <form
          method="post"
          noValidate
          onSubmit={form.handleSubmit(async ({ password }) => {
            const done = await submit(async () => {
              try {
                await apiJson<{ user: PublicUser }>("POST", "/api/password-reset/confirm", {
                  token,
                  password,
                });
                return true;
              } catch (err) {
                toastFailure(t("accountLinks.resetFailedTitle"), err, t("common.tryAgain"));
                throw err;
              }
            });
            if (!done) return;
            toast({
              title: t("accountLinks.resetDoneTitle"),
              description: t("accountLinks.resetDoneDescription"),
            });
            continueAfterSignIn("/");
          })}
          className="grid gap-5"
        >
          <FormField label={t("accountLinks.newPassword")} error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("password")}
                type="password"
                autoComplete="new-password"
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
            {pending && <Spinner />}
            {pending ? t("accountLinks.saving") : t("accountLinks.resetSubmit")}
          </Button>
        </form>
      ) : (
        <Notice>{t("errors.linkInvalid")}</Notice>
      )}
      <p className="mt-6 text-center text-sm">
        <a href="/forgot-password" className={linkClass}>
          {t("accountLinks.requestNewLink")}
        </a>
      </p>
    </AuthLayout>
  );
}

/**
 * The proof-of-address link's page. It asks for a press of the button rather than confirming on load:
 * mail scanners that open every link must not prove an address for its owner.
 */
export function VerifyEmailPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const { pending, submit } = useSubmission();
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const confirm = () =>
    submit(async () => {
      try {
        const { user } = await apiJson<{ user: PublicUser }>("POST", "/api/email-verification/confirm", {
          token,
        });
        setConfirmed(user.email);
      } catch (err) {
        toastFailure(t("accountLinks.verifyFailedTitle"), err, t("common.tryAgain"));
        throw err;
      }
    });

  return (
    <AuthLayout>
      <Heading title={t("accountLinks.verifyTitle")} subtitle={t("accountLinks.verifySubtitle")} />
      {confirmed ? (
        <Notice>{t("accountLinks.verifyDone", { email: confirmed })}</Notice>
      ) : token ? (
        <Button type="button" size="lg" className="w-full" disabled={pending} onClick={confirm}>
          {pending && <Spinner />}
          {pending ? t("accountLinks.verifyPending") : t("accountLinks.verifySubmit")}
        </Button>
      ) : (
        <Notice>{t("errors.linkInvalid")}</Notice>
      )}
      <p className="mt-6 text-center text-sm">
        <a href="/" className={linkClass}>
          {t("accountLinks.continue")}
        </a>
      </p>
    </AuthLayout>
  );
}
