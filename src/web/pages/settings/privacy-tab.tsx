import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../hooks/use-toast";
import { apiRequest } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { toastFailure } from "../../lib/toast-failure";

/** Saves a downloaded answer under the name the server gave it. */
function saveDownload(blob: Blob, fallbackName: string, disposition: string | null) {
  const name = /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the blob can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The seller's rights over their data: a copy of all of it, and (below) deleting the account. */
export function PrivacyTab() {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: async () => {
      const response = await apiRequest("GET", "/api/me/export");
      saveDownload(await response.blob(), "torg-data.tar.gz", response.headers.get("content-disposition"));
    },
    onSuccess: () =>
      toast({
        title: t("settingsPage.privacy.exportedTitle"),
        description: t("settingsPage.privacy.exportedDescription"),
      }),
    onError: (err) =>
      toastFailure(
        t("settingsPage.privacy.exportFailedTitle"),
        err,
        t("settingsPage.privacy.exportFailedDescription"),
      ),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("settingsPage.privacy.title")}</CardTitle>
        <CardDescription>
          {t("settingsPage.privacy.description")}{" "}
          <a href="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("settingsPage.privacy.policyLink")}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h3 className="font-semibold">{t("settingsPage.privacy.exportTitle")}</h3>
            <p className="text-sm text-muted-foreground">{t("settingsPage.privacy.exportText")}</p>
          </div>
          <Button
            type="button"
            variant="outline"
            className="shrink-0"
            disabled={download.isPending}
            aria-busy={download.isPending || undefined}
            onClick={() => download.mutate()}
          >
            {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
            {download.isPending
              ? t("settingsPage.privacy.exporting")
              : t("settingsPage.privacy.exportButton")}
          </Button>
        </section>
      </CardContent>
    </Card>
  );
}
