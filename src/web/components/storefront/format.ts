import { useCallback } from "react";
import { formatKr } from "../../../shared/money";
import { useTranslation } from "../../lib/i18n";

/** Whole kroner in the interface language (D7); zod-free and date-free, unlike the dashboard's formatters. */
export function useKr(): (amount: string | number | null | undefined) => string {
  const { language } = useTranslation();
  return useCallback((amount) => formatKr(amount, language), [language]);
}

/**
 * An E.164 number for reading: Norwegian mobiles as "+47 912 34 567", other Norwegian numbers as
 * "+47 22 12 34 56"; anything else is shown as stored.
 */
export function formatPhoneForDisplay(phone: string): string {
  const compact = phone.replace(/[\s-]/g, "");
  const norwegian = /^\+47(\d{8})$/.exec(compact)?.[1];
  if (!norwegian) return phone;
  if (/^[49]/.test(norwegian)) {
    return `+47 ${norwegian.slice(0, 3)} ${norwegian.slice(3, 5)} ${norwegian.slice(5)}`;
  }
  return `+47 ${norwegian.replace(/(\d{2})(?=\d)/g, "$1 ")}`;
}

/** An sms: link to the number, spaces and dashes removed. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, "")}`;
}

/** True on touch-first devices, where an sms: link opens the messaging app. */
export function hasCoarsePointer(): boolean {
  return window.matchMedia("(pointer: coarse)").matches;
}
