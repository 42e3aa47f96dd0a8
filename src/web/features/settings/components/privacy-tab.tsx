import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiRequest, errorMessage } from "../../../lib/api";
import { leaveForLogin } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";

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
        <DeleteAccount />
      </CardContent>
    </Card>
  );
}

/** Deleting the account, after a dialog that asks for the password; then on to the login page. */
function DeleteAccount() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const submission = useSubmission();
  const remove = useMutation({
    mutationFn: (input: { password: string }) => apiRequest("DELETE", "/api/me", input),
    onSuccess: () => {
      toast({
        title: t("settingsPage.privacy.deletedTitle"),
        description: t("settingsPage.privacy.deletedDescription"),
      });
      leaveForLogin();
    },
    onError: (err) => toastFailure(t("settingsPage.privacy.deleteFailedTitle"), err, t("common.tryAgain")),
  });
  const error = remove.isError ? errorMessage(remove.error, t("common.tryAgain")) : undefined;

  function submit(event: FormEvent) {
    // Its own form inside the settings form (a portal in the DOM, but React bubbles submits up).
    event.preventDefault();
    event.stopPropagation();
    submission.submit(() => remove.mutateAsync({ password }));
  }

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-error/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <h3 className="font-semibold">{t("settingsPage.privacy.deleteTitle")}</h3>
        <p className="text-sm text-muted-foreground">{t("settingsPage.privacy.deleteText")}</p>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (submission.pending) return;
          setOpen(next);
          setPassword("");
          remove.reset();
        }}
      >
        <Button type="button" variant="destructive" className="shrink-0" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t("settingsPage.privacy.deleteButton")}
        </Button>
        <DialogContent>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("settingsPage.privacy.deleteDialogTitle")}</DialogTitle>
              <DialogDescription>{t("settingsPage.privacy.deleteDialogText")}</DialogDescription>
            </DialogHeader>
            <FormField label={t("auth.password")} error={error}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={submission.pending}>
                  {t("common.cancel")}
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant="destructive"
                disabled={submission.pending || password === ""}
                aria-busy={submission.pending || undefined}
              >
                {submission.pending && <Spinner />}
                {submission.pending
                  ? t("settingsPage.privacy.deleting")
                  : t("settingsPage.privacy.deleteConfirm")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
