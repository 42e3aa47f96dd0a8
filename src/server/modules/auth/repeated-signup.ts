import { sql } from "drizzle-orm";
import type { RegisterInput } from "../../../shared/auth";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { type AuthConfig, authenticate } from "./service";

/** How long after an account is made the same sign-up again signs in to it (decision 0061). */
export const REPEATED_SIGNUP_WINDOW_MS = 60_000;

/**
 * A sign-up whose email is taken, by an account made within REPEATED_SIGNUP_WINDOW_MS, with that
 * account's password: the second request of a double click on "Create account", or a retry after the
 * first answer was lost. It signs in as the first did (the user, for a session), instead of a 409 that
 * leaves the page waiting. Anything else (another password, an older account) is undefined: the usual
 * 409 "email in use".
 *
 * Safe (decision 0061): whoever holds the email and password may sign in with them at /api/login
 * anyway, and this checks them as a login does, through `authenticate`, counted by the same throttles
 * (per address and email, per address, and the email's pacing), so it is no faster a way to guess a
 * password; and only an account a minute old can be reached this way at all, when its maker is still on
 * the sign-up page. An older account is refused before its password is looked at.
 */
export async function signInRepeatedSignup(
  db: Db,
  config: AuthConfig,
  input: RegisterInput,
  clientIp: string,
) {
  const [account] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (!account || Date.now() - account.createdAt.getTime() > REPEATED_SIGNUP_WINDOW_MS) return undefined;
  try {
    return await authenticate(db, config, { email: input.email, password: input.password }, clientIp);
  } catch (error) {
    // A wrong password: the answer is the sign-up's own, not a login's.
    if (error instanceof HttpError && error.statusCode === 401) return undefined;
    throw error;
  }
}
