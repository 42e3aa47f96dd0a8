import { phoneTextSchema } from "./order";
import { z } from "./zod";

/**
 * POST /api/sales/{id}/receipt: send the receipt to the buyer, by e-mail or by SMS (exactly one). The
 * e-mail is checked as the checkout's; the number as any shopper's phone, then where Torg texts.
 */
export const receiptEmailField = z.string().trim().toLowerCase().email("errors.validEmailRequired").max(254);
export const sendReceiptSchema = z
  .object({ email: receiptEmailField.optional(), phone: phoneTextSchema.optional() })
  .refine((body) => (body.email === undefined) !== (body.phone === undefined), "errors.receiptRecipientOne");
export type SendReceiptInput = z.infer<typeof sendReceiptSchema>;

export const sendReceiptAnswerSchema = z.object({
  channel: z.enum(["email", "sms"]),
  receiptNumber: z.number(),
});
