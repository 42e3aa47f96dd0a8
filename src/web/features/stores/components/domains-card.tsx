import { Globe, RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { addDomainSchema, type DomainView, MAX_DOMAINS_PER_STORE } from "../../../../shared/domains";
import { shopUrl } from "../../../../shared/shop-address";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { LoadFailed } from "../../../components/ui/load-failed";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { errorMessage } from "../../../lib/api";
import { useFormatters } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { useAddDomain, useCheckDomain, useDomains, useRemoveDomain } from "../domains-api";
import { DnsRecordsTable } from "./dns-records-table";

const STATUS_BADGE = { pending: "warning", verified: "success", failed: "danger" } as const;

/**
 * "Your own domain" (decision 0080): the seller adds keramikkari.no or www.keramikkari.no, is shown the
 * records to set at their registrar, and sees Torg find them ("Check now", and the periodic check). Once
 * verified the shop is served at the domain.
 */
export function DomainsCard({ storeId, slug }: { storeId: string; slug: string }) {
  const { t } = useTranslation();
  const domains = useDomains(storeId);
  const full = (domains.data?.length ?? 0) >= MAX_DOMAINS_PER_STORE;
  return (
    <Card id="store-domains" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-5" />
          {t("domains.title")}
        </CardTitle>
        <CardDescription>{t("domains.subtitle")}</CardDescription>
      </CardHeader>
      {domains.isPending ? (
        <CardContent className="flex justify-center py-10">
          <Spinner label={t("common.loading")} className="size-6 text-primary" />
        </CardContent>
      ) : domains.isError ? (
        <CardContent>
          <LoadFailed onRetry={() => void domains.refetch()} />
        </CardContent>
      ) : (
        <CardContent className="grid gap-6">
          {domains.data.map((domain) => (
            <DomainEntry key={domain.id} storeId={storeId} slug={slug} domain={domain} />
          ))}
          {full ? (
            <p className="text-sm text-muted-foreground">
              {t("domains.full", { max: MAX_DOMAINS_PER_STORE })}
            </p>
          ) : (
            <AddDomainForm storeId={storeId} first={domains.data.length === 0} />
          )}
        </CardContent>
      )}
    </Card>
  );
}

function AddDomainForm({ storeId, first }: { storeId: string; first: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = useAddDomain(storeId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addDomainSchema.safeParse({ domain: text });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? "errors.domainInvalid"));
      return;
    }
    setError(undefined);
    add.mutate(parsed.data, {
      onSuccess: (view) => {
        setText("");
        toast({
          title: t("domains.addedTitle"),
          description: t("domains.addedText", { domain: view.domain }),
        });
      },
      onError: (err) => setError(errorMessage(err, t("domains.addFailed"))),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField
        label={first ? t("domains.domainLabel") : t("domains.anotherDomainLabel")}
        hint={t("domains.domainHint")}
        error={error}
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="keramikkari.no"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
              className="sm:max-w-sm"
            />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending && <Spinner />}
              {t("domains.add")}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

function DomainEntry({ storeId, slug, domain }: { storeId: string; slug: string; domain: DomainView }) {
  const { t } = useTranslation();
  const { relative } = useFormatters();
  const check = useCheckDomain(storeId);
  const remove = useRemoveDomain(storeId);
  const [removing, setRemoving] = useState(false);
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const verified = domain.status === "verified";
  const targetType = domain.records.find((record) => record.type !== "TXT")?.type ?? "CNAME";
  const headingId = `domain-${domain.id}`;

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <span id={headingId} className="break-all">
            {domain.domain}
          </span>
          <Badge variant={STATUS_BADGE[domain.status]}>{t(`domains.status.${domain.status}`)}</Badge>
          {verified && domain.primary && <Badge variant="info">{t("domains.primary")}</Badge>}
        </h3>
      </div>

      {verified ? (
        <p className="text-sm">
          {t("domains.verifiedText")}{" "}
          <a
            className="font-medium text-primary underline underline-offset-4 break-all"
            href={shopUrl({ slug, domain: domain.domain }, window.location.origin)}
            target="_blank"
            rel="noreferrer"
          >
            {domain.domain}
          </a>
          {!domain.primary && <span className="text-muted-foreground"> {t("domains.redirectsText")}</span>}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {domain.status === "failed" ? t("domains.failedText") : t("domains.pendingText")}
        </p>
      )}

      <DnsRecordsTable records={domain.records} />

      <div aria-live="polite" className="grid gap-1 text-sm">
        {checkFailure ? (
          <p className="font-medium text-error">{checkFailure}</p>
        ) : (
          domain.checkError && (
            <p
              className={
                domain.status === "verified"
                  ? "text-muted-foreground"
                  : "font-medium text-amber-800 dark:text-amber-300"
              }
            >
              {t(domain.checkError, { type: targetType })}
            </p>
          )
        )}
        {domain.checkedAt && (
          <p className="text-xs text-muted-foreground">
            {t("domains.checkedAt", { when: relative(domain.checkedAt) })}
          </p>
        )}
      </div>

      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => setRemoving(true)}
          className="text-error hover:text-error"
        >
          <Trash2 aria-hidden="true" />
          {t("domains.remove")}
        </Button>
        <Button
          type="button"
          variant={verified ? "outline" : "default"}
          disabled={check.isPending}
          onClick={() => {
            setCheckFailure(null);
            check.mutate(domain.id, {
              onError: (err) => setCheckFailure(errorMessage(err, t("domains.checkFailed"))),
            });
          }}
        >
          {check.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {check.isPending ? t("domains.checking") : t("domains.checkNow")}
        </Button>
      </div>

      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t("domains.removeTitle", { domain: domain.domain })}
        description={verified ? t("domains.removeVerifiedText") : t("domains.removeText")}
        confirmLabel={t("domains.remove")}
        pendingLabel={t("domains.removing")}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(domain.id, {
            onSuccess: () => {
              setRemoving(false);
              toast({ title: t("domains.removedTitle"), description: domain.domain });
            },
            onError: (err) => toastFailure(t("domains.removeFailed"), err, t("common.tryAgain")),
          })
        }
        destructive
      />
    </section>
  );
}
