import { Mail } from "lucide-react";
import { useSubmission } from "../hooks/use-submission";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { useAuth } from "../lib/auth";
import { useTranslation } from "../lib/i18n";
import { toastFailure } from "../lib/toast-failure";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/**
 * For a signed-in seller whose address is not proven yet (decision 0065): what waits for it, and
 * "Resend" for a new link.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pending, submit } = useSubmission();
  if (!user || user.emailVerified) return null;

  const resend = () =>
    submit(async () => {
      try {
        await apiRequest("POST", "/api/email-verification");
        toast({
          title: t("accountLinks.resentTitle"),
          description: t("accountLinks.resentDescription", { email: user.email }),
        });
      } catch (err) {
        toastFailure(t("accountLinks.resendFailedTitle"), err, t("common.tryAgain"));
      }
    });

  return (
    <section
      aria-label={t("accountLinks.verifyTitle")}
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <Mail aria-hidden="true" className="size-5 shrink-0" />
        <p className="min-w-0 flex-1 text-sm">{t("accountLinks.bannerText", { email: user.email })}</p>
        <Button type="button" size="sm" variant="outline" disabled={pending} onClick={resend}>
          {pending && <Spinner />}
          {pending ? t("accountLinks.sending") : t("accountLinks.resend")}
        </Button>
      </div>
    </section>
  );
}
