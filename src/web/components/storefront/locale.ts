import { useEffect } from "react";
import i18n, { isLanguage, LANGUAGE_STORAGE_KEY } from "../../lib/i18n";

function visitorChoseLanguage(): boolean {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A visitor who never picked a language sees the shop in its own language (the store's defaultLocale);
 * nothing is saved, so their own later choice still wins.
 */
export function useStoreLanguage(locale: string | undefined): void {
  useEffect(() => {
    if (!isLanguage(locale) || visitorChoseLanguage() || i18n.resolvedLanguage === locale) return;
    void i18n.changeLanguage(locale);
  }, [locale]);
}
