import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import {
  type DeliveryOptionView,
  deliveryOptionsSchema,
  MAX_DELIVERY_OPTIONS,
} from "../../../../shared/delivery";
import { wholeKroner } from "../../../../shared/money";
import { z } from "../../../../shared/zod";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmission } from "../../../hooks/use-submission";
import { toast } from "../../../hooks/use-toast";
import { apiJson } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { toastFailure } from "../../../lib/toast-failure";
import { SaveState } from "./save-state";

/** The rows as typed: prices are text; the shared list schema checks and normalises them on save. */
interface OptionRow {
  id?: string;
  name: string;
  kind: "pickup" | "parcel";
  price: string;
  freeAbove: string;
  note: string;
}
const formSchema = z.object({
  options: z.array(
    z.object({
      id: z.string().optional(),
      name: z.string(),
      kind: z.enum(["pickup", "parcel"]),
      price: z.string(),
      freeAbove: z.string(),
      note: z.string(),
    }),
  ),
});

const toRow = (option: DeliveryOptionView): OptionRow => ({
  id: option.id,
  name: option.name,
  kind: option.kind,
  price: String(wholeKroner(option.price)),
  freeAbove: option.freeAbove === null ? "" : String(wholeKroner(option.freeAbove)),
  note: option.note ?? "",
});
const toInput = (row: OptionRow) => ({
  ...(row.id ? { id: row.id } : {}),
  name: row.name,
  kind: row.kind,
  price: row.price.trim() || "0",
  freeAbove: row.freeAbove.trim() || null,
  note: row.note.trim() || null,
});

/** Examples, as placeholders: what a Norwegian maker typically offers. */
const PLACEHOLDERS = ["Hent i verkstedet", "Posten/Bring: pakke i postkassen", "Bring: hentested"];

/**
 * The store's delivery options (decision 0036): a list the seller edits and saves as a whole. Checkout
 * offers them with their prices; a store with none keeps the free-text address.
 */
export function DeliveryOptionsCard({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const url = `/api/stores/${encodeURIComponent(storeId)}/delivery-options`;
  const query = useQuery<DeliveryOptionView[]>({ queryKey: [url] });
  const form = useForm<{ options: OptionRow[] }>({
    resolver: zodResolver(formSchema),
    values: { options: (query.data ?? []).map(toRow) },
    resetOptions: { keepDirtyValues: true },
  });
  const rows = useFieldArray({ control: form.control, name: "options" });
  const submission = useSubmission();

  const save = useMutation({
    mutationFn: (options: ReturnType<typeof toInput>[]) => apiJson<DeliveryOptionView[]>("PUT", url, options),
    onSuccess: (saved) => {
      queryClient.setQueryData([url], saved);
      form.reset({ options: saved.map(toRow) });
      toast({ title: t("stores.delivery.savedTitle"), description: t("stores.delivery.saved") });
    },
    onError: (err) => toastFailure(t("stores.delivery.saveFailed"), err, t("common.tryAgain")),
  });

  const submit = form.handleSubmit(({ options }) => {
    // The server's own schema first: a wrong price is shown at its field, not only in a toast.
    const parsed = deliveryOptionsSchema.safeParse(options.map(toInput));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [index, field] = issue.path;
        if (typeof index === "number" && typeof field === "string") {
          form.setError(`options.${index}.${field as keyof OptionRow}`, { message: issue.message });
        }
      }
      return;
    }
    submission.submit(() => save.mutateAsync(options.map(toInput)));
  });

  return (
    <Card id="store-delivery" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{t("stores.delivery.title")}</CardTitle>
        <CardDescription>{t("stores.delivery.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-5 border-t pt-6">
          {query.isPending ? (
            <Spinner />
          ) : rows.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("stores.delivery.none")}</p>
          ) : (
            <ol className="grid gap-4">
              {rows.fields.map((field, index) => {
                const errors = form.formState.errors.options?.[index];
                const kind = form.watch(`options.${index}.kind`);
                return (
                  <li key={field.id} className="grid gap-4 rounded-xl border p-4">
                    <fieldset className="grid gap-4 md:grid-cols-[2fr_1fr]">
                      <legend className="sr-only">
                        {t("stores.delivery.option", { number: index + 1 })}
                      </legend>
                      <FormField label={t("stores.delivery.name")} error={errors?.name?.message}>
                        {(control) => (
                          <Input
                            {...control}
                            {...form.register(`options.${index}.name`)}
                            placeholder={PLACEHOLDERS[index % PLACEHOLDERS.length]}
                          />
                        )}
                      </FormField>
                      <FormField label={t("stores.delivery.kind")} error={errors?.kind?.message}>
                        {(control) => (
                          <NativeSelect {...control} {...form.register(`options.${index}.kind`)}>
                            <option value="pickup">{t("stores.delivery.pickup")}</option>
                            <option value="parcel">{t("stores.delivery.parcel")}</option>
                          </NativeSelect>
                        )}
                      </FormField>
                      <FormField label={t("stores.delivery.price")} error={errors?.price?.message}>
                        {(control) => (
                          <Input
                            {...control}
                            {...form.register(`options.${index}.price`)}
                            inputMode="numeric"
                          />
                        )}
                      </FormField>
                      <FormField
                        label={t("stores.delivery.freeAbove")}
                        hint={t("stores.delivery.freeAboveHint")}
                        error={errors?.freeAbove?.message}
                      >
                        {(control) => (
                          <Input
                            {...control}
                            {...form.register(`options.${index}.freeAbove`)}
                            inputMode="numeric"
                          />
                        )}
                      </FormField>
                      <FormField
                        label={
                          kind === "pickup" ? t("stores.delivery.pickupNote") : t("stores.delivery.note")
                        }
                        error={errors?.note?.message}
                        className="md:col-span-2"
                      >
                        {(control) => (
                          <Textarea
                            {...control}
                            {...form.register(`options.${index}.note`)}
                            rows={2}
                            placeholder={kind === "pickup" ? t("stores.delivery.pickupNotePlaceholder") : ""}
                          />
                        )}
                      </FormField>
                    </fieldset>
                    <Button
                      type="button"
                      variant="outline"
                      className="justify-self-start"
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                      {t("stores.delivery.remove", {
                        name: form.getValues(`options.${index}.name`) || index + 1,
                      })}
                    </Button>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
            <Button
              type="button"
              variant="outline"
              disabled={rows.fields.length >= MAX_DELIVERY_OPTIONS}
              onClick={() =>
                rows.append({
                  name: "",
                  kind: rows.fields.length === 0 ? "pickup" : "parcel",
                  price: rows.fields.length === 0 ? "0" : "",
                  freeAbove: "",
                  note: "",
                })
              }
            >
              <Plus aria-hidden="true" />
              {t("stores.delivery.add")}
            </Button>
            <SaveState dirty={form.formState.isDirty} />
            <Button type="submit" disabled={submission.pending || query.isPending}>
              {submission.pending && <Spinner />}
              {submission.pending ? t("stores.saving") : t("stores.delivery.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
