import { singleLineText } from "./text";
import { z } from "./zod";

export const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

const qrUrl = singleLineText("errors.urlInvalid")
  .max(2000, "errors.urlInvalid")
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url), "errors.urlInvalid");

/** POST /api/qr-codes: a code text of one's own or none (generated), the target URL and a store. */
export const createQrCodeSchema = z.object({
  code: singleLineText()
    .optional()
    .transform((code) => code || undefined)
    .refine((code) => code === undefined || QR_CODE_PATTERN.test(code), "errors.qrCodeInvalid"),
  url: qrUrl,
  storeId: z.string().uuid("errors.storeNotFound").nullable().optional(),
  isActive: z.boolean("errors.invalidInput").optional(),
});
export type CreateQrCodeInput = z.infer<typeof createQrCodeSchema>;

export const updateQrCodeSchema = z.object({
  url: qrUrl.optional(),
  storeId: z.string().uuid("errors.storeNotFound").nullable().optional(),
  isActive: z.boolean("errors.invalidInput").optional(),
});
export type UpdateQrCodeInput = z.infer<typeof updateQrCodeSchema>;

export const qrCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  url: z.string(),
  storeId: z.string().nullable(),
  store: z.object({ name: z.string() }).nullable(),
  isActive: z.boolean(),
  scannedCount: z.number(),
  lastScannedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The address the printed code points at (it counts the scan, then redirects to `url`). */
  scanUrl: z.string(),
  imageUrl: z.string(),
});
export type QrCodeView = z.infer<typeof qrCodeViewSchema>;
