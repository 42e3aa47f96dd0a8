import { formatOrderDate } from "../../../../shared/order-date";
import { useTranslation } from "../../../lib/i18n";

/** A date in the page's language, in Norway's time zone: the same text on the server, in the browser and in e-mails. */
export function useOrderDate() {
  const { language } = useTranslation();
  return (iso: string) => formatOrderDate(iso, language);
}
