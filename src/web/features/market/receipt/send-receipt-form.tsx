import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { phoneTextSchema } from "../../../../shared/order";
import { receiptEmailField, type SendReceiptInput } from "../../../../shared/receipt-send";
import { z } from "../../../../shared/zod";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../hooks/use-toast";
import { errorMessage } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useSendReceipt } from "./api";

export type ReceiptChannel = "sms" | "email";

/** Each channel's one field, checked by the same rules as the API's sendReceiptSchema. */
const formSchemas = {
  sms: z.object({ value: phoneTextSchema }),
  email: z.object({ value: receiptEmailField }),
};

/** The request body for a channel's field: exactly one of e-mail and phone, as the API asks. */
export const receiptRequest = (channel: ReceiptChannel, value: string): SendReceiptInput =>
  channel === "sms" ? { phone: value } : { email: value };

/**
 * The small form under "Send by SMS" or "Send by e-mail": the buyer's number or address, sent at once;
 * the server's refusal (a country Torg does not text, too many sends) shows under the field.
 */
export function SendReceiptForm({
  saleId,
  channel,
  onSent,
}: {
  saleId: string;
  channel: ReceiptChannel;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendReceipt(saleId);
  const form = useForm<{ value: string }>({
    resolver: zodResolver(formSchemas[channel]),
    defaultValues: { value: "" },
  });
  const error = form.formState.errors.value?.message;
  const sms = channel === "sms";

  const submit = form.handleSubmit((values) =>
    send.mutateAsync(receiptRequest(channel, values.value)).then(
      () => {
        toast({ title: t(sms ? "marketReceipts.actions.sentSms" : "marketReceipts.actions.sentEmail") });
        form.reset();
        onSent();
      },
      (err: unknown) =>
        form.setError("value", { message: errorMessage(err, t("common.tryAgain")) }, { shouldFocus: true }),
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" data-testid={`receipt-${channel}-form`}>
      <FormField
        label={t(sms ? "marketReceipts.actions.phoneLabel" : "marketReceipts.actions.emailLabel")}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("value")}
            // The seller just asked for this one field: typing goes into it at once.
            autoFocus
            type={sms ? "tel" : "email"}
            inputMode={sms ? "tel" : "email"}
            autoComplete="off"
            placeholder={sms ? "912 34 567" : "navn@eksempel.no"}
            className="h-12 text-base"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="h-12" disabled={send.isPending}>
        {send.isPending && <Spinner />}
        {send.isPending ? t("marketReceipts.actions.sending") : t("marketReceipts.actions.send")}
      </Button>
    </form>
  );
}
