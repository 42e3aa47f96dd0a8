import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CalendarPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { GiftCardChange, GiftCardView } from "../../../shared/gift-card";
import { ADMIN_PAGE_SIZE } from "../../../shared/paging";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { LoadFailed } from "../../components/ui/load-failed";
import { Pager } from "../../components/ui/pager";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../hooks/use-toast";
import { apiGetPage, apiJson } from "../../lib/api";
import { useFormatters } from "../../lib/format";
import { useTranslation } from "../../lib/i18n";
import { toastFailure } from "../../lib/toast-failure";

/** A card's state as the seller reads it: voided, expired, used up or active. */
function statusOf(card: GiftCardView): "voided" | "expired" | "empty" | "active" {
  if (card.status === "voided") return "voided";
  if (Date.parse(card.expiresAt) <= Date.now()) return "expired";
  if (Number(card.balance) <= 0) return "empty";
  return "active";
}
const STATUS_BADGE = { active: "success", voided: "danger", expired: "neutral", empty: "neutral" } as const;

/** The day in Oslo as a date input shows it (yyyy-mm-dd). */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Oslo" }).format(new Date(iso));

/** Every card the store sold, newest first: who bought it and for whom, what is left, and its end. */
export function GiftCardList({ storeId }: { storeId: string }) {
  const { t, language } = useTranslation();
  const { kr } = useFormatters();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [voiding, setVoiding] = useState<GiftCardView | null>(null);
  const [extending, setExtending] = useState<GiftCardView | null>(null);
  const base = `/api/stores/${encodeURIComponent(storeId)}/gift-cards`;
  const url = `${base}?limit=${ADMIN_PAGE_SIZE}&offset=${(page - 1) * ADMIN_PAGE_SIZE}`;
  const cards = useQuery({ queryKey: [url], queryFn: ({ signal }) => apiGetPage<GiftCardView>(url, signal) });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));

  const change = useMutation({
    mutationFn: ({ id, body }: { id: string; body: GiftCardChange }) =>
      apiJson<GiftCardView>("PUT", `/api/gift-cards/${encodeURIComponent(id)}`, body),
    onSuccess: async (_card, { body }) => {
      setVoiding(null);
      setExtending(null);
      toast({ title: body.action === "void" ? t("giftCards.voided") : t("giftCards.extended") });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(base) });
    },
    onError: (error) => toastFailure(t("giftCards.changeFailed"), error, t("common.tryAgain")),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("giftCards.listTitle")}</CardTitle>
        <CardDescription>{t("giftCards.listSubtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 scroll-mt-24">
        {cards.isPending ? (
          <Spinner />
        ) : cards.isError ? (
          <LoadFailed onRetry={() => void cards.refetch()} />
        ) : cards.data.total === 0 ? (
          <p className="text-sm text-muted-foreground">{t("giftCards.none")}</p>
        ) : (
          <>
            <ul className="grid gap-3">
              {cards.data.items.map((card) => {
                const status = statusOf(card);
                return (
                  <li key={card.id} className="grid gap-3 rounded-xl border p-4 md:grid-cols-[1fr_auto]">
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-mono text-sm tracking-wider">{card.code}</span>
                        <Badge variant={STATUS_BADGE[status]}>{t(`giftCards.status.${status}`)}</Badge>
                      </div>
                      <p className="text-lg font-semibold tabular-nums">
                        {t("giftCards.balanceOf", {
                          balance: kr(card.balance),
                          amount: kr(card.initialAmount),
                        })}
                      </p>
                      <dl className="grid gap-x-6 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
                        <div className="min-w-0 truncate">
                          <dt className="inline">{t("giftCards.buyer")}: </dt>
                          <dd className="inline">{card.buyerName ?? card.buyerEmail ?? "–"}</dd>
                        </div>
                        <div className="min-w-0 truncate">
                          <dt className="inline">{t("giftCards.recipient")}: </dt>
                          <dd className="inline">
                            {card.recipientEmail
                              ? `${card.recipientName ?? ""} ${card.recipientEmail}`.trim()
                              : t("giftCards.forBuyer")}
                          </dd>
                        </div>
                        <div>
                          <dt className="inline">{t("giftCards.expires")}: </dt>
                          <dd className="inline">{date(card.expiresAt)}</dd>
                        </div>
                        <div>
                          <dt className="inline">{t("giftCards.uses")}: </dt>
                          <dd className="inline">{card.uses}</dd>
                        </div>
                      </dl>
                    </div>
                    {card.status === "active" && (
                      <div className="flex flex-wrap items-start gap-2 md:flex-col md:items-stretch">
                        <Button variant="outline" size="sm" onClick={() => setExtending(card)}>
                          <CalendarPlus aria-hidden="true" />
                          {t("giftCards.extend")}
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-error hover:text-error"
                          onClick={() => setVoiding(card)}
                        >
                          <Ban aria-hidden="true" />
                          {t("giftCards.void")}
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={cards.data.total} onPageChange={setPage} />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={voiding !== null}
        onOpenChange={(open) => !open && setVoiding(null)}
        title={t("giftCards.voidTitle", { code: voiding?.code ?? "" })}
        description={t("giftCards.voidText", { balance: kr(voiding?.balance ?? "0") })}
        confirmLabel={t("giftCards.voidConfirm")}
        pending={change.isPending}
        destructive
        onConfirm={() => voiding && change.mutate({ id: voiding.id, body: { action: "void" } })}
      />
      {extending && (
        <ExtendDialog
          card={extending}
          pending={change.isPending}
          onClose={() => setExtending(null)}
          onExtend={(expiresAt) => change.mutate({ id: extending.id, body: { action: "extend", expiresAt } })}
          currentDay={dayOf(extending.expiresAt)}
        />
      )}
    </Card>
  );
}

/** A later expiry, chosen as a day: the card then lasts to the end of that day in Oslo. */
function ExtendDialog({
  card,
  currentDay,
  pending,
  onClose,
  onExtend,
}: {
  card: GiftCardView;
  currentDay: string;
  pending: boolean;
  onClose: () => void;
  onExtend: (expiresAt: string) => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(currentDay);
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!day || day <= currentDay) {
      setError(t("errors.giftCardExpiryInvalid"));
      return;
    }
    // 23:59 in Oslo (its winter offset; a summer day ends an hour later, still that day).
    onExtend(new Date(`${day}T23:59:00+01:00`).toISOString());
  }
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("giftCards.extendTitle", { code: card.code })}</DialogTitle>
          </DialogHeader>
          <FormField label={t("giftCards.newExpiry")} error={error}>
            {(control) => (
              <Input
                {...control}
                type="date"
                min={currentDay}
                value={day}
                onChange={(event) => setDay(event.target.value)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {t("giftCards.extendConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
