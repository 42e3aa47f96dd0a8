import { useCallback, useMemo, useRef } from "react";

/**
 * Radix dialogs hand focus back only to their own Trigger. The shop's dialogs open from ordinary
 * buttons (a card, the cart bar, "Order Now"), so they remember who opened them and return there.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);

  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  }, []);

  return useMemo(() => ({ remember, onCloseAutoFocus }), [remember, onCloseAutoFocus]);
}
