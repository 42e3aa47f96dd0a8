import { useState } from "react";

/**
 * Whether a dialog has been open at least once. A closed dialog writes nothing into the page, yet
 * rendering it ran Radix's root, all its own hooks and built all its elements (its header, texts and
 * buttons, made before the closed portal drops them) on the server for every shop page and again in the
 * shopper's browser when it hydrates: the cart drawer and the zoom viewer were about a quarter of a
 * product page's server rendering (decision 0049). Mounted when first opened and kept mounted after, so
 * its closing animation plays and it opens again as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Remembered during render, as React allows for a value derived from earlier renders: the dialog
  // mounts in the same render in which it opens.
  if (open && !opened) setOpened(true);
  return opened || open;
}
