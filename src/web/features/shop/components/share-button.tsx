import { toast } from "../../../hooks/use-toast";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";
import { Share2 } from "./icons";

/**
 * Shares a shop page (decision 0039): the phone's share sheet where the browser has one
 * (`navigator.share`), else the link copied to the clipboard and a toast that says so. Round and
 * bordered like the cart button beside it.
 */
export function ShareButton({
  url,
  title,
  label,
  className,
}: {
  /** The page's canonical address (the same as its og:url). */
  url: string;
  title: string;
  /** What the button does, for screen readers and as its tooltip. */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The shopper closed the sheet: nothing to say. Anything else: copy instead.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("share.copied"), description: t("share.copiedText") });
    } catch {
      // No clipboard (a page over plain http, a refused permission): the link, to copy by hand.
      toast({ title: t("share.copyFailed"), description: url });
    }
  };

  return (
    <button
      type="button"
      onClick={share}
      aria-label={label}
      title={label}
      className={cn("torg-round-button shrink-0", className)}
    >
      <Share2 aria-hidden="true" className="size-5" />
    </button>
  );
}
