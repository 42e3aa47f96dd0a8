import { useCallback, useRef, useState } from "react";

/**
 * One submission at a time for a form (decision 0061). `submit(send)` runs `send` unless a submission
 * is under way, and `pending` is true from then until it settles: the submit button is disabled by
 * `pending`, and the spinner shown.
 *
 * Why not the mutation's own `isPending`: it reaches React a tick after `mutate`, and a form validated by
 * react-hook-form only calls it after validating, so a double click on "Create account" sent the
 * sign-up twice before the button was disabled. The guard here is a ref, set as the first submission
 * starts: a second one is dropped however close behind it comes, whether or not the page has drawn the
 * disabled button yet.
 *
 * `send` answers the mutation's promise (`mutateAsync`); a failure is the mutation's to report (its
 * onError shows the toast), so the answer here is undefined then, and the data otherwise.
 */
export function useSubmission() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const submit = useCallback(<T>(send: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return Promise.resolve(undefined);
    running.current = true;
    setPending(true);
    // Through a promise's executor, so a `send` that throws at once settles too.
    return new Promise<T>((resolve) => resolve(send()))
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setPending(false);
      });
  }, []);
  return { pending, submit };
}
