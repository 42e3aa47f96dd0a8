import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import { goesToShopper } from "./messages";

/** Domains whose mailboxes ignore dots in the name part, and the one they are: the same inbox. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * One key per mailbox, however its address is written: lower case, without a `+tag` (delivered to the
 * same inbox by most mail services), without Gmail's ignored dots; hashed, so the counters keep no address.
 * Otherwise `victim+1@`, `victim+2@`, `v.ictim@` would each get a limit of their own.
 */
export function recipientLimitKey(address: string): string {
  const at = address.lastIndexOf("@");
  const domainPart = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const domain = DOTLESS_DOMAINS[domainPart] ?? domainPart;
  let name = address.slice(0, Math.max(at, 0)).trim().toLowerCase().split("+")[0] ?? "";
  if (domain in DOTLESS_DOMAINS) name = name.replaceAll(".", "");
  return `email:to:${createHash("sha256").update(`${name}@${domain}`).digest("base64url")}`;
}

/**
 * Why a message to an address a shopper typed must not go out, if it must not (decision 0058): over the
 * hourly limit of its mailbox, counted in the database (every app server shares it) when the worker
 * sends, after the order committed, so a limit never blocks or slows an order; on a message's first
 * attempt only, so its retries count once. Mail to store members' own accounts is not counted.
 */
export async function recipientOverLimit(
  db: Db,
  message: { toAddress: string; purpose: string; attempts: number },
  limit: number,
): Promise<string | undefined> {
  // A contact address's link also goes to an address someone typed (decision 0066).
  const typed = goesToShopper(message.purpose) || message.purpose === "contact_email_confirmation";
  if (limit <= 0 || message.attempts > 1 || !typed) return undefined;
  const hit = await hitRateLimit(db, recipientLimitKey(message.toAddress), limit, HOUR_MS);
  return hit.allowed ? undefined : `Not sent: over ${limit} e-mails to this address per hour`;
}
