import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { closesOnEscape } from "../../../components/ui/escape-close";
import { useTranslation } from "../../../lib/i18n";
import { cn } from "../../../lib/utils";

interface MarketSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** The sheet's bottom row: its main actions, where a thumb reaches on a phone. */
  footer?: ReactNode;
  /** Closing is refused while a sale is being sent or paid (no Escape, no tap outside, no X). */
  locked?: boolean;
  className?: string;
}

/**
 * The market screen's dialogs: a sheet from the bottom edge on a phone (the seller's thumb is there), a
 * centred dialog from the sm breakpoint. Keyboard: focus moves in, Tab stays in, Escape closes.
 */
export function MarketSheet({
  open,
  onOpenChange,
  title,
  children,
  footer,
  locked = false,
  className,
}: MarketSheetProps) {
  const { t } = useTranslation();
  const holdOpen = (event: Event) => {
    if (locked) event.preventDefault();
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onEscapeKeyDown={holdOpen}
          onPointerDownOutside={holdOpen}
          onInteractOutside={holdOpen}
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-3xl border-t bg-popover text-popover-foreground shadow-2xl outline-none",
            "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:max-h-[min(92dvh,52rem)] sm:w-[min(34rem,calc(100%-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border",
            "data-[state=closed]:animate-fade-out data-[state=open]:animate-pop-in",
            className,
          )}
        >
          <div className="flex items-center gap-3 border-b px-5 pt-4 pb-3">
            <div
              aria-hidden="true"
              className="absolute top-1.5 left-1/2 h-1 w-10 -translate-x-1/2 rounded-full bg-border sm:hidden"
            />
            <DialogPrimitive.Title className="min-w-0 flex-1 text-lg font-semibold leading-tight">
              {title}
            </DialogPrimitive.Title>
            {!locked && (
              <DialogPrimitive.Close
                {...closesOnEscape}
                className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">{t("common.close")}</span>
              </DialogPrimitive.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
          {footer && (
            <div className="border-t bg-popover px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
