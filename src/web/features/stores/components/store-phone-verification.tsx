import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, MessageSquareText, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { formatPhone, normalizePhoneCode, PHONE_CODE_PATTERN } from "../../../../shared/phone";
import type { StoreSummary } from "../../../../shared/store";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiJson, errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { invalidateApi, storeKeys } from "../../../lib/queries/stores";
import { toastFailure } from "../../../lib/toast-failure";

const verificationPath = (id: string) => `/api/stores/${encodeURIComponent(id)}/phone-verification`;

/**
 * The store's SMS order phone and whether the seller proved it is theirs: an unverified phone gets no
 * orders' texts. "Send code" texts a 6-digit code to it; typing the code in verifies it.
 */
export function StorePhoneVerification({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const send = useMutation({
    mutationFn: () => apiJson<{ phone: string }>("POST", verificationPath(store.id)),
    onSuccess: ({ phone }) => {
      setSentTo(phone);
      setCode("");
      setError(undefined);
      toast({
        title: t("phoneVerification.sentTitle"),
        description: t("phoneVerification.sent", { phone: formatPhone(phone) }),
      });
    },
    onError: (err) => toastFailure(t("phoneVerification.sendFailed"), err, t("common.tryAgain")),
  });

  const submission = useSubmission();
  const sending = useSubmission();
  const confirm = useMutation({
    mutationFn: (typed: string) =>
      apiJson<StoreSummary>("POST", `${verificationPath(store.id)}/confirm`, { code: typed }),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeKeys.detail(store.id), saved);
      setSentTo(null);
      toast({
        title: t("phoneVerification.verifiedTitle"),
        description: t("phoneVerification.verifiedDescription", { phone: formatPhone(saved.phone ?? "") }),
      });
      return invalidateApi(queryClient, "/api/stores");
    },
    onError: (err) => setError(errorMessage(err, t("common.tryAgain"))),
  });

  if (!store.phone) return null;
  // A code sent to an earlier number is no use for this one.
  const waitingForCode = sentTo === store.phone && !store.phoneVerified;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const typed = normalizePhoneCode(code);
    if (!PHONE_CODE_PATTERN.test(typed)) {
      setError("errors.verificationCodeInvalid");
      return;
    }
    setError(undefined);
    submission.submit(() => confirm.mutateAsync(typed));
  }

  return (
    <section aria-labelledby={`phone-verification-${store.id}`} className="grid gap-3 border-t pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`phone-verification-${store.id}`} className="text-sm font-medium">
            {t("phoneVerification.title")}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="tabular-nums">{formatPhone(store.phone)}</span>
            {store.phoneVerified && (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" />
                {t("phoneVerification.verified")}
              </Badge>
            )}
          </p>
          {!store.phoneVerified && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <TriangleAlert
                aria-hidden="true"
                className="size-4 shrink-0 text-amber-600 dark:text-amber-400"
              />
              {t("phoneVerification.notVerified")}
            </p>
          )}
        </div>
        {!store.phoneVerified && (
          <Button
            type="button"
            variant="outline"
            onClick={() => sending.submit(() => send.mutateAsync())}
            disabled={sending.pending}
          >
            {sending.pending ? <Spinner /> : <MessageSquareText aria-hidden="true" />}
            {waitingForCode ? t("phoneVerification.sendAgain") : t("phoneVerification.sendCode")}
          </Button>
        )}
      </div>
      {waitingForCode && (
        <form noValidate onSubmit={submit} className="grid max-w-sm gap-3">
          <FormField
            label={t("phoneVerification.codeLabel")}
            hint={t("phoneVerification.codeHint", { phone: formatPhone(store.phone) })}
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={submission.pending}>
            {submission.pending && <Spinner />}
            {t("phoneVerification.verify")}
          </Button>
        </form>
      )}
    </section>
  );
}
