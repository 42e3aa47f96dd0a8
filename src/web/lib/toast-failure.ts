import { toast } from "../hooks/use-toast";
import { errorMessage } from "./api";

/** The red toast of a request that failed: its title, and the server's message, else `fallback`. */
export function toastFailure(title: string, error: unknown, fallback: string) {
  toast({ variant: "destructive", title, description: errorMessage(error, fallback) });
}
