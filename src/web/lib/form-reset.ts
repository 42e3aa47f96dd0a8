/**
 * The second argument of `form.reset(saved, DISCARD_EDITS)` when an edit form goes back to the saved
 * values (Cancel, or after a save). Those forms follow the server through `values` with
 * `resetOptions: { keepDirtyValues: true }`, so a refetch does not wipe what is being typed; but
 * react-hook-form applies `resetOptions` to every `reset()` as well, which kept the typed values on Cancel.
 */
export const DISCARD_EDITS = { keepDirtyValues: false } as const;
