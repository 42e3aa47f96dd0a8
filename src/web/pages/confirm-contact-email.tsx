import { useMutation } from "@tanstack/react-query";
import { CircleCheck, MailCheck, TriangleAlert } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../components/page-title";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { apiJson, errorMessage } from "../lib/api";
import { useTranslation } from "../lib/i18n";

/**
 * The page a store's contact-address link opens (decision 0066). Public: the token is the proof. It
 * confirms only when the button is pressed (a POST), so a mail program that fetches links to check them
 * confirms nothing.
 */
export function ConfirmContactEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const store = params.get("store") ?? "";
  const token = params.get("token") ?? "";
  const confirm = useMutation({
    mutationFn: () =>
      apiJson<{ email: string; store: string }>(
        "POST",
        `/api/stores/${encodeURIComponent(store)}/contact-email/confirm`,
        { token },
      ),
  });
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-md place-items-center px-4 py-10">
      <PageTitle title={t("contactConfirm.title")} />
      <Card className="w-full">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MailCheck aria-hidden="true" className="size-5" />
            {t("contactConfirm.title")}
          </CardTitle>
          <CardDescription>{t("contactConfirm.intro")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!store || !token ? (
            <p role="alert" className="flex gap-2 text-sm text-error">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t("contactConfirm.missing")}
            </p>
          ) : confirm.isSuccess ? (
            <p role="status" className="flex gap-2 text-sm">
              <CircleCheck
                aria-hidden="true"
                className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
              {t("contactConfirm.done", confirm.data)}
            </p>
          ) : (
            <>
              {confirm.isError && (
                <div role="alert" className="grid gap-1 text-sm text-error">
                  <p className="font-medium">{t("contactConfirm.failed")}</p>
                  <p>{errorMessage(confirm.error, t("common.tryAgain"))}</p>
                </div>
              )}
              <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                {confirm.isPending ? t("contactConfirm.confirming") : t("contactConfirm.button")}
              </Button>
            </>
          )}
          <a href="/" className="text-center text-sm underline-offset-4 hover:underline">
            {t("contactConfirm.home")}
          </a>
        </CardContent>
      </Card>
    </main>
  );
}
