import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type SaleBuyer, type SaleView, saleBuyerSchema } from "../../../../shared/market";
import { z } from "../../../../shared/zod";
import { Button } from "../../../components/ui/button";
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
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../hooks/use-toast";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useSaveBuyer } from "./api";

/** saleBuyerSchema, the API's own, with the optional e-mail as the form holds it: "" for none. */
const buyerFormSchema = saleBuyerSchema.extend({
  email: z.union([z.literal(""), saleBuyerSchema.shape.email.unwrap()]),
});
type BuyerForm = z.input<typeof buyerFormSchema>;

/** The form's values as the API takes them: an empty e-mail is left out. */
export const buyerOfForm = (values: z.output<typeof buyerFormSchema>): SaleBuyer => ({
  name: values.name,
  address: values.address,
  ...(values.email ? { email: values.email } : {}),
});

/**
 * "Add buyer's name and address": with them the receipt is a full sales document (decision 0077). A
 * dialog, reachable by keyboard and closed with Escape; the sale's view comes back saved.
 */
export function BuyerDialog({
  sale,
  open,
  onOpenChange,
  onSaved,
}: {
  sale: SaleView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (sale: SaleView) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBuyer(sale.id, onSaved);
  const form = useForm<BuyerForm>({
    resolver: zodResolver(buyerFormSchema),
    values: {
      name: sale.buyer?.name ?? "",
      address: sale.buyer?.address ?? "",
      email: sale.buyer?.email ?? "",
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutateAsync(buyerOfForm(buyerFormSchema.parse(values))).then(
      () => {
        toast({ title: t("marketReceipts.actions.buyerSaved") });
        onOpenChange(false);
      },
      (err: unknown) => form.setError("root", { message: errorMessage(err, t("common.tryAgain")) }),
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("marketReceipts.actions.buyerTitle")}</DialogTitle>
          <DialogDescription>{t("marketReceipts.actions.buyerIntro")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" data-testid="buyer-form">
          <FormField label={t("marketReceipts.actions.nameLabel")} error={errors.name?.message}>
            {(control) => (
              <Input {...control} {...form.register("name")} autoComplete="off" className="h-11" />
            )}
          </FormField>
          <FormField label={t("marketReceipts.actions.addressLabel")} error={errors.address?.message}>
            {(control) => <Textarea {...control} {...form.register("address")} rows={3} />}
          </FormField>
          <FormField label={t("marketReceipts.actions.buyerEmailLabel")} error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("email")}
                type="email"
                inputMode="email"
                autoComplete="off"
                className="h-11"
              />
            )}
          </FormField>
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-error">
              {errors.root.message}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" className="h-11">
                {t("marketReceipts.actions.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" className="h-11" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {save.isPending ? t("marketReceipts.actions.saving") : t("marketReceipts.actions.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
