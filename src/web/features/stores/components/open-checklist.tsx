import { useQuery } from "@tanstack/react-query";
import { Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { DeliveryOptionView } from "../../../../shared/delivery";
import type { StoreSummary } from "../../../../shared/store";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useTranslation } from "../../../lib/i18n";
import { usePaymentChannels } from "../api";

interface Step {
  key: "product" | "payment" | "contact" | "legal" | "delivery";
  done: boolean;
  to: string;
}

/**
 * Issue 33 item 4: what a new store still needs before shoppers can buy, each ticked when done and
 * linking to where it is done. Shown on the store's page until every step is done (decision 0066).
 */
export function OpenChecklist({ store }: { store: StoreSummary }) {
  const { t } = useTranslation();
  const channels = usePaymentChannels(store.id);
  const delivery = useQuery<DeliveryOptionView[]>({
    queryKey: [`/api/stores/${encodeURIComponent(store.id)}/delivery-options`],
  });
  if (channels.isPending || delivery.isPending) return null;
  const settings = (anchor: string) => `/stores/${store.id}?tab=settings#${anchor}`;
  const steps: Step[] = [
    { key: "product", done: store.productCount > 0, to: `/stores/${store.id}/add-product` },
    {
      key: "payment",
      done: (channels.data?.length ?? 0) > 0 || (store.phone !== null && store.phoneVerified),
      to: settings("store-payment"),
    },
    { key: "contact", done: !store.contactEmailPending, to: settings("store-shoppers") },
    {
      key: "legal",
      done: Boolean((store.legalName || store.orgNumber) && store.address),
      to: settings("store-legal"),
    },
    { key: "delivery", done: (delivery.data?.length ?? 0) > 0, to: settings("store-delivery") },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <Card data-testid="open-checklist">
      <CardHeader>
        <CardTitle>{t("stores.checklist.title")}</CardTitle>
        <CardDescription>
          {t("stores.checklist.intro")}{" "}
          <span className="font-medium text-foreground">
            {t("stores.checklist.progress", { done, total: steps.length })}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-1 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.key}>
              <Link
                to={step.to}
                className="flex min-h-11 items-center gap-3 rounded-md px-2 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                {step.done ? (
                  <CircleCheck
                    aria-hidden="true"
                    className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
                  />
                ) : (
                  <Circle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                )}
                <span className={step.done ? "text-muted-foreground line-through" : "font-medium"}>
                  {t(`stores.checklist.${step.key}`)}
                </span>
                <span className="sr-only">
                  ({step.done ? t("stores.checklist.doneItem") : t("stores.checklist.todoItem")})
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
