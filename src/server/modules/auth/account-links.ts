import { hash } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ResetPasswordInput } from "../../../shared/auth";
import type { Db, DbOrTx } from "../../db/client";
import { accountTokens, emailOutbox, sessions, userSettings, users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/db-errors";
import { badRequest, conflict } from "../../lib/http-error";
import { clearRateLimit, HOUR_MS, hitRateLimit, quotaExceeded } from "../../lib/rate-limit";
import { hashToken, newSecretToken } from "../../lib/secret-token";
import type { AccountLinkParams, AccountLinkPurpose } from "../email";
import { recipientLimitKey } from "../email";
import { ARGON2_OPTIONS, type AuthConfig, findUserByEmail, isOnAllowlist } from "./service";

type UserRow = typeof users.$inferSelect;

/** How long a link works (decision 0065): a reset briefly, a proof of address for two days. */
export const PASSWORD_RESET_TTL_MS = HOUR_MS;
export const EMAIL_VERIFICATION_TTL_MS = 48 * HOUR_MS;
/** Links one mailbox may be sent per hour, whoever asks: nobody can flood an inbox through Torg. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3;
/** Reset requests one client address may make per hour, over every e-mail address. */
export const RESETS_PER_IP_PER_HOUR = 20;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A new one-time link for `user`, proving `email`: a random token of which only the hash is stored,
 * and an e-mail carrying it, queued in the same transaction (the outbox sends it, decision 0037).
 * Earlier unused links of the same purpose stop working: only the newest one counts.
 */
async function queueLink(
  tx: DbOrTx,
  user: UserRow,
  purpose: AccountLinkPurpose,
  email: string,
  linkOrigin: string | null,
) {
  const token = newSecretToken();
  const ttl = purpose === "password_reset" ? PASSWORD_RESET_TTL_MS : EMAIL_VERIFICATION_TTL_MS;
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, user.id),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await tx.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    email,
    expiresAt: new Date(Date.now() + ttl),
  });
  const [settings] = await tx
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, user.id));
  const kind = purpose === "password_reset" ? "reset" : sameAddress(email, user.email) ? "verify" : "change";
  const params: AccountLinkParams = { language: settings?.language ?? "en", token, kind };
  await tx.insert(emailOutbox).values({ toAddress: email, purpose, linkOrigin, params: { ...params } });
}

/** Counts one link of `purpose` to `email` against its mailbox's hourly allowance; false when it is used up. */
async function addressAllows(db: DbOrTx, purpose: AccountLinkPurpose, email: string) {
  const key = `link:${purpose}:${recipientLimitKey(email)}`;
  const hit = await hitRateLimit(db, key, LINKS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  return hit.allowed;
}

/**
 * "Forgot password?": a reset link to the address if it has an account. The caller answers the same
 * whatever happened here (202), so nobody learns which addresses have accounts: an unknown address, and
 * one whose hourly allowance is used up, go through the same reads and counters and send nothing. Only a
 * client address asking too often is told so (429), which says nothing about any account.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  clientIp: string,
  linkOrigin: string | null,
) {
  const byIp = await hitRateLimit(db, `password-reset:ip:${clientIp}`, RESETS_PER_IP_PER_HOUR, HOUR_MS);
  if (!byIp.allowed) throw quotaExceeded("tooManyRequests", byIp.retryAfterMs);
  const [allowed, user] = await Promise.all([
    addressAllows(db, "password_reset", email),
    findUserByEmail(db, email),
  ]);
  if (!user || !allowed) return false;
  await db.transaction((tx) => queueLink(tx, user, "password_reset", user.email, linkOrigin));
  return true;
}

/** The unused, unexpired link of `purpose` whose token is `token`, claimed (used) in `tx`; else a 400. */
async function claimLink(tx: DbOrTx, purpose: AccountLinkPurpose, token: string) {
  const [link] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!link) throw badRequest("linkInvalid");
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId));
  if (!user) throw badRequest("linkInvalid");
  return { link, user };
}

/** Whether a link could be claimed now, read without claiming it (so a bad one costs no password hash). */
async function linkIsLive(db: Db, purpose: AccountLinkPurpose, token: string) {
  const [link] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    );
  return Boolean(link);
}

/**
 * A new password from a reset link: the link is used up, every session of the account ends (the caller
 * then signs the requester in with a new one), and the address counts as proven, since the link was
 * opened from its inbox. A link sent to an address the account no longer has does not work. The
 * address's login pace starts afresh: the owner just proved who they are.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<UserRow> {
  if (!(await linkIsLive(db, "password_reset", input.token))) throw badRequest("linkInvalid");
  const passwordHash = await hash(input.password, ARGON2_OPTIONS);
  const user = await db.transaction(async (tx) => {
    const { link, user } = await claimLink(tx, "password_reset", input.token);
    if (!sameAddress(link.email, user.email)) throw badRequest("linkInvalid");
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Every other link of the account stops working with the old password.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    return updated ?? user;
  });
  await clearRateLimit(db, `login:email:${user.email}`);
  return user;
}

/** A proof-of-address link to the account's own address (after sign-up, or "Resend"). */
export async function sendVerificationLink(db: Db, user: UserRow, linkOrigin: string | null) {
  if (!(await addressAllows(db, "email_verification", user.email))) return false;
  await db.transaction((tx) => queueLink(tx, user, "email_verification", user.email, linkOrigin));
  return true;
}

/**
 * "Resend" from the banner: a new link, counted per account and per mailbox (a 429 says when to try
 * again); an account whose address is proven already is told so (409).
 */
export async function resendVerificationLink(
  db: Db,
  user: UserRow,
  clientIp: string,
  linkOrigin: string | null,
) {
  if (user.emailVerifiedAt) throw conflict("emailAlreadyVerified");
  const [byUser, byIp] = await Promise.all([
    hitRateLimit(db, `email-verification:user:${user.id}`, LINKS_PER_ADDRESS_PER_HOUR, HOUR_MS),
    hitRateLimit(db, `email-verification:ip:${clientIp}`, RESETS_PER_IP_PER_HOUR, HOUR_MS),
  ]);
  const refused = [byUser, byIp].find((hit) => !hit.allowed);
  if (refused) throw quotaExceeded("tooManyRequests", refused.retryAfterMs);
  if (!(await sendVerificationLink(db, user, linkOrigin))) throw quotaExceeded("tooManyRequests", HOUR_MS);
}

/**
 * A new address for an account, proven before it replaces the old one: the link goes to the new
 * address, and the account keeps its current one until the link is opened (confirmEmail).
 */
export async function sendEmailChangeLink(db: Db, user: UserRow, email: string, linkOrigin: string | null) {
  if (!(await addressAllows(db, "email_verification", email)))
    throw quotaExceeded("tooManyRequests", HOUR_MS);
  await db.transaction((tx) => queueLink(tx, user, "email_verification", email, linkOrigin));
}

/**
 * A proof-of-address link opened: the address is the account's, proven now. For a new address it
 * replaces the old one (409 if another account took it meanwhile). On a sign-up allow-list, the account
 * is allow-listed from now on (decision 0065: an address on the list counts once it is proven).
 */
export async function confirmEmail(db: Db, config: AuthConfig, token: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { link, user } = await claimLink(tx, "email_verification", token);
    const email = link.email;
    const restricted = config.signupAllowlist.length > 0;
    const [updated] = await tx
      .update(users)
      .set({
        email,
        emailVerifiedAt: new Date(),
        isWhitelisted: restricted
          ? isOnAllowlist(email.toLowerCase(), config.signupAllowlist)
          : user.isWhitelisted,
      })
      .where(eq(users.id, user.id))
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error, "users_email_lower_key")) throw conflict("emailInUse");
        throw error;
      });
    if (!updated) throw badRequest("linkInvalid");
    return updated;
  });
}

/** Used links, and links past their time, are deleted by housekeeping. */
export async function deleteEndedAccountTokens(db: DbOrTx) {
  await db
    .delete(accountTokens)
    .where(sql`${accountTokens.expiresAt} <= now() or ${accountTokens.usedAt} < now() - interval '1 day'`);
}
