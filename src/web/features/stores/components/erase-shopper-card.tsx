import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserX } from "lucide-react";
import { useForm } from "react-hook-form";
import { type EraseShopperInput, eraseShopperSchema } from "../../../../shared/order";
import type { StoreSummary } from "../../../../shared/store";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiJson } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { invalidateApi } from "../../../lib/queries/stores";
import { toastFailure } from "../../../lib/toast-failure";

/** A shopper's request to be forgotten: their details go from this store's orders (the orders stay). */
export function EraseShopperCard({ store }: { store: Pick<StoreSummary, "id"> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<EraseShopperInput>({
    resolver: zodResolver(eraseShopperSchema),
    defaultValues: { email: "" },
  });
  const submission = useSubmission();

  const erase = useMutation({
    mutationFn: (input: EraseShopperInput) =>
      apiJson<{ orders: number }>("POST", `/api/stores/${encodeURIComponent(store.id)}/erase-shopper`, input),
    onSuccess: ({ orders }) => {
      form.reset({ email: "" });
      void invalidateApi(queryClient, "/api/orders", `/api/stores/${encodeURIComponent(store.id)}/orders`);
      toast({
        title: t("stores.eraseShopper.erasedTitle"),
        description: t("stores.eraseShopper.erased", { count: orders }),
      });
    },
    onError: (err) => toastFailure(t("stores.eraseShopper.failedTitle"), err, t("common.tryAgain")),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("stores.eraseShopper.title")}</CardTitle>
        <CardDescription>{t("stores.eraseShopper.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => submission.submit(() => erase.mutateAsync(values)))}
          className="flex flex-col gap-4 sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <FormField label={t("stores.eraseShopper.email")} error={form.formState.errors.email?.message}>
              {(control) => (
                <Input {...control} {...form.register("email")} type="email" autoComplete="off" />
              )}
            </FormField>
          </div>
          <Button
            type="submit"
            variant="outline"
            className="sm:mt-7"
            disabled={submission.pending}
            aria-busy={submission.pending || undefined}
          >
            {submission.pending ? <Spinner /> : <UserX aria-hidden="true" />}
            {submission.pending ? t("stores.eraseShopper.erasing") : t("stores.eraseShopper.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
