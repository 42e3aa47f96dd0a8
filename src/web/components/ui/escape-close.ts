/**
 * Escape closes the topmost dialog or drawer first, even with a toast showing. Radix makes a toast the
 * newest dismissable layer, and only the newest layer hears Escape, so a toast shown over an open dialog
 * (after saving, say) used to take the first Escape and leave the dialog open. Each dialog marks the
 * control that closes it with `closesOnEscape`; a toast hands Escape to the topmost one's (see Toast).
 */
const ATTRIBUTE = "data-closes-on-escape";

/** Spread on a dialog's or drawer's close control (a Radix Close or AlertDialog Cancel). */
export const closesOnEscape = { [ATTRIBUTE]: "" } as const;

/** The close control of the topmost open dialog or drawer, if one is open. */
export function topmostDialogClose(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  // Radix portals each dialog to the end of <body> as it opens: the last one is on top.
  return open[open.length - 1]?.querySelector<HTMLElement>(`[${ATTRIBUTE}]`) ?? null;
}

/**
 * A toast's Escape handler: with focus outside the toasts and a dialog open, the toast stays and the
 * dialog closes instead. Escape on a focused toast (F8 moves there) still closes that toast.
 */
export function passEscapeToDialog(event: KeyboardEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("[data-toast]")) return;
  const close = topmostDialogClose();
  if (!close) return;
  event.preventDefault();
  close.click();
}
