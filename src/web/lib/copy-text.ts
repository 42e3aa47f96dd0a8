import { toast } from "../hooks/use-toast";
import type { TFunction } from "./i18n";

/** Copies text to the clipboard and says whether it worked. */
export async function copyText(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: t("stores.copiedTitle") });
  } catch {
    toast({
      variant: "destructive",
      title: t("stores.copyFailedTitle"),
      description: t("stores.copyFailedDescription"),
    });
  }
}
