import { toast } from "../hooks/use-toast";
import { errorMessage } from "./api";

/** The red toast of a request that failed: its title, and the server's message, else `fallback` (returned). */
export function toastFailure(title: string, error: unknown, fallback: string): string {
  const message = errorMessage(error, fallback);
  toast({ variant: "destructive", title, description: message });
  return message;
}
