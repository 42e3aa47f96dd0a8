import { type ReactNode, useEffect, useState } from "react";

/** docs/product-spec.md 9: one toast at a time; a dismissed toast leaves the store after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

type Action =
  | { type: "add"; toast: ToastEntry }
  | { type: "update"; toast: Partial<ToastEntry> & { id: string } }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

interface State {
  toasts: ToastEntry[];
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "remove", id });
    }, TOAST_REMOVE_DELAY),
  );
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "update":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "dismiss":
      for (const t of state.toasts) {
        if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
      }
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case "remove":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast from anywhere, React or not. Returns handles to change or close it. */
export function toast(input: ToastInput) {
  const id = nextId();
  dispatch({ type: "add", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: "dismiss", id }),
    update: (next: ToastInput) => dispatch({ type: "update", toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: "dismiss", id });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}

const CARRIED_TOASTS_KEY = "torg-carried-toasts";

/**
 * Keeps the open toast's text for the next page: signing in ends with a page load (the login page is
 * rendered by the server, the app in the browser), and "Login successful" must still be seen.
 */
export function carryToastsToNextPage(): void {
  const texts = memoryState.toasts
    .filter((entry) => entry.open)
    .map(({ title, description, variant }) => ({
      title: typeof title === "string" ? title : undefined,
      description: typeof description === "string" ? description : undefined,
      variant,
    }));
  try {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(texts));
  } catch {
    // Storage blocked: the next page simply shows no toast.
  }
}

/** Shows what the last page carried over (see carryToastsToNextPage), once. */
export function showCarriedToasts(): void {
  let carried: unknown;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? "[]");
    sessionStorage.removeItem(CARRIED_TOASTS_KEY);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const entry of carried as ToastInput[]) {
    if (entry && typeof entry === "object")
      toast({ ...entry, variant: entry.variant === "destructive" ? "destructive" : "default" });
  }
}
