import { useCallback, useEffect, useRef } from "react";
import { type Blocker, useBlocker } from "react-router";
import { useTranslation } from "../lib/i18n";
import { ConfirmDialog } from "./ui/confirm-dialog";

/**
 * Keeps an edit form's unsaved changes from being lost without a word (decision 0060): while `dirty`,
 * closing or reloading the tab gets the browser's own question (`beforeunload`), and a link inside the
 * app is held (React Router's `useBlocker`) until the seller answers `UnsavedChangesDialog`. A change of
 * the address's query alone (a tab, a page number) stays on the form and is never held.
 * `leaveWithoutAsking` runs a navigation the page itself decided on (after deleting what was edited).
 */
export function useUnsavedChanges(dirty: boolean) {
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      // The question's wording is the browser's; preventDefault asks for it, returnValue for older ones.
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  // Saved (or undone) while the question was open: nothing is lost any more, so the seller just goes.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const leaveWithoutAsking = useCallback((go: () => void) => {
    leaving.current = true;
    go();
  }, []);

  return { blocker, leaveWithoutAsking };
}

/** The question a held navigation asks: stay (the default, and Escape) or leave and lose the changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t("unsavedChanges.title")}
      description={t("unsavedChanges.text")}
      cancelLabel={t("unsavedChanges.stay")}
      confirmLabel={t("unsavedChanges.leave")}
      onConfirm={() => blocker.proceed?.()}
      destructive
    />
  );
}
