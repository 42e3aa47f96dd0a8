import { useCallback } from "react";
import { formatKr } from "../../../../shared/money";
import { useTranslation } from "../../../lib/i18n";

/** Whole kroner in the interface language (D7); zod-free and date-free, unlike the dashboard's formatters. */
export function useKr(): (amount: string | number | null | undefined) => string {
  const { language } = useTranslation();
  return useCallback((amount) => formatKr(amount, language), [language]);
}

/** An sms: link to the number, spaces and dashes removed. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, "")}`;
}

/** True on touch-first devices, where an sms: link opens the messaging app. */
export function hasCoarsePointer(): boolean {
  return window.matchMedia("(pointer: coarse)").matches;
}
