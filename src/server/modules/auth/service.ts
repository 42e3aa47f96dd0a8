import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import {
  type ChangePasswordInput,
  isEmailChange,
  type LoginInput,
  type ProfileInput,
  type PublicUser,
  type RegisterInput,
} from "../../../shared/auth";
import type { Language } from "../../../shared/preferences";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { requireCurrentPassword, throttleAccountChange } from "../../lib/guards";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-error";
import {
  claimPacedAttempt,
  clearRateLimit,
  hitRateLimit,
  quotaExceeded,
  releaseRateLimit,
} from "../../lib/rate-limit";
import { hashToken, newSecretToken } from "../../lib/secret-token";
import { saveSettings } from "../settings";

type UserRow = typeof users.$inferSelect;

export type AuthConfig = Pick<
  Config,
  "signupAllowlist" | "sessionTtlMs" | "loginMaxAttempts" | "loginWindowMs"
>;

/** argon2id is the library's default algorithm; these are its recommended OWASP-level costs. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A hash computed once so an unknown email costs the same time as a wrong password: the response time
 * does not tell an attacker which emails have accounts.
 */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => {
  dummyHash ??= hash("torg-timing-dummy", ARGON2_OPTIONS);
  return dummyHash;
};

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    isAdmin: user.isAdmin,
    isWhitelisted: user.isWhitelisted,
    emailVerified: user.emailVerifiedAt !== null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** An allow-list entry is an address (ada@example.no) or a whole domain (@example.no). */
export function isOnAllowlist(email: string, allowlist: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@"));
  return allowlist.includes(email) || allowlist.includes(domain);
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/**
 * A new account. It starts in `language`, the one its sign-up spoke (the visitor's choice or their
 * browser's): without it the account would default to English and turn the app English at sign-in.
 */
export async function registerUser(
  db: Db,
  config: AuthConfig,
  input: RegisterInput,
  language?: Language,
): Promise<UserRow> {
  const restricted = config.signupAllowlist.length > 0;
  if (restricted && !isOnAllowlist(input.email, config.signupAllowlist)) throw forbidden("signupRestricted");
  const passwordHash = await hash(input.password, ARGON2_OPTIONS);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      fullName: input.fullName,
      passwordHash,
      // Allow-listed once the address is proven (account-links.ts, decision 0065): anyone can type one.
      isWhitelisted: false,
      lastLoginAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw conflict("emailInUse");
  if (language) await saveSettings(db, user.id, { language });
  return user;
}

/** The longest an attempt on one email waits for the attempts before it (see authenticate). */
const LOGIN_MAX_DELAY_MS = 60_000;

/**
 * Checks a password, throttled so that guessing is slow while nobody can keep the owner out.
 *
 * A browser that signed in to this account before brings its device cookie (decision 0057, after OWASP's
 * "Slow Down Online Guessing Attacks with Device Cookies"): its attempts are counted on that device's own
 * allowance, `loginMaxAttempts` failures in the window, after which the cookie is locked out until the
 * window ends. An attacker elsewhere cannot use up that allowance, so the owner signs in from her own
 * browser however busy the attack keeps the pace below.
 *
 * Every other client goes through three throttles:
 * - per client address and email: `loginMaxAttempts` attempts in the window, then 429 until it ends;
 * - per client address, over every email: five times as many;
 * - per email, over every address: after `loginMaxAttempts` attempts each further one waits a growing
 *   time after the one before (1 s, 2 s, 4 s … at most a minute) instead of a lock-out. An attacker who
 *   takes every such turn keeps out every browser that has not signed in to the account before (OWASP's
 *   lock-out of untrusted clients), and only those.
 * Attempts are counted before the password is checked, atomically, so guesses sent at the same moment
 * cannot all slip under a limit. A success gives the device, or the address, its attempt back; an
 * unknown client's success also clears its address's and the email's counters, a known device's leaves
 * the email's pace as it is (the owner signing in must not hand an attacker fresh free attempts).
 */
export async function authenticate(
  db: Db,
  config: AuthConfig,
  input: LoginInput,
  clientIp: string,
  /** The nonce of the request's valid device cookie for this email (device-cookie.ts), if it has one. */
  deviceNonce?: string,
): Promise<UserRow> {
  const user = deviceNonce
    ? await authenticateKnownDevice(db, config, input, deviceNonce)
    : await authenticateUnknownClient(db, config, input, clientIp);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

async function authenticateKnownDevice(db: Db, config: AuthConfig, input: LoginInput, nonce: string) {
  const deviceKey = `login:device:${nonce}`;
  const byDevice = await hitRateLimit(db, deviceKey, config.loginMaxAttempts, config.loginWindowMs);
  // A stolen cookie guesses no faster than this; it is refused, not treated as unknown, until the window ends.
  if (!byDevice.allowed) throw quotaExceeded("tooManyLogins", byDevice.retryAfterMs);
  const user = await checkPassword(db, input);
  await releaseRateLimit(db, deviceKey);
  return user;
}

async function authenticateUnknownClient(db: Db, config: AuthConfig, input: LoginInput, clientIp: string) {
  const pairKey = `login:pair:${clientIp}:${input.email}`;
  const ipKey = `login:ip:${clientIp}`;
  const emailKey = `login:email:${input.email}`;
  const [byPair, byIp] = await Promise.all([
    hitRateLimit(db, pairKey, config.loginMaxAttempts, config.loginWindowMs),
    hitRateLimit(db, ipKey, config.loginMaxAttempts * 5, config.loginWindowMs),
  ]);
  if (!byPair.allowed || !byIp.allowed) {
    throw quotaExceeded(
      "tooManyLogins",
      Math.max(byPair.allowed ? 0 : byPair.retryAfterMs, byIp.allowed ? 0 : byIp.retryAfterMs),
    );
  }
  const byEmail = await claimPacedAttempt(db, emailKey, {
    freeAttempts: config.loginMaxAttempts,
    baseDelayMs: 1000,
    maxDelayMs: LOGIN_MAX_DELAY_MS,
    forgetAfterMs: config.loginWindowMs,
  });
  if (!byEmail.allowed) {
    // Waiting for the email's turn is not a guess: it must not use up this address's own attempts.
    await Promise.all([releaseRateLimit(db, pairKey), releaseRateLimit(db, ipKey)]);
    throw quotaExceeded("tooManyLogins", byEmail.retryAfterMs);
  }
  const user = await checkPassword(db, input);
  await Promise.all([clearRateLimit(db, pairKey), clearRateLimit(db, emailKey), releaseRateLimit(db, ipKey)]);
  return user;
}

/** The account, when the password is its own; a 401 that does not say which of the two was wrong. */
async function checkPassword(db: Db, input: LoginInput): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verify(user.passwordHash, input.password)
    : await verify(await timingDummy(), input.password).then(() => false);
  if (!user || !valid) throw new HttpError(401, "wrongCredentials");
  return user;
}

/** A fresh random token per sign-in (no fixation); only its hash is stored. */
export async function createSession(db: Db, config: AuthConfig, userId: string, userAgent?: string) {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + config.sessionTtlMs);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

/** How often an active session's expiry is pushed forward: once a day is enough and spares a write per request. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export async function resolveSession(db: Db, config: AuthConfig, token: string) {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > SESSION_REFRESH_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + config.sessionTtlMs) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function revokeSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * A new name is saved as it is; a new email needs the current password (a session alone is not proof
 * of owning the account), and is throttled: the answer tells whether an address has an account. The new
 * address replaces the old one only once it is proven (decision 0065): `changeEmail` is handed it after
 * the checks, to send it a link; the account keeps its current address until the link is opened.
 */
export async function updateProfile(
  db: Db,
  config: AuthConfig,
  userId: string,
  input: ProfileInput,
  clientIp: string,
  changeEmail: (user: UserRow, email: string) => Promise<void>,
): Promise<UserRow> {
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw notFound();
  const changesEmail = isEmailChange(current.email, input.email);
  let throttle: Awaited<ReturnType<typeof throttleAccountChange>> | undefined;
  if (changesEmail) {
    if (!input.currentPassword) throw new HttpError(400, "currentPasswordRequired");
    throttle = await throttleAccountChange(db, config, userId, clientIp);
    await requireCurrentPassword(current, input.currentPassword);
    const existing = await findUserByEmail(db, input.email);
    if (existing && existing.id !== userId) throw conflict("emailInUse");
  }
  const [user] = await db
    .update(users)
    .set({ fullName: input.fullName })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound();
  if (changesEmail) await changeEmail(user, input.email);
  await throttle?.succeeded();
  return user;
}

/** A new password ends every other session, so a stolen cookie stops working (logout everywhere). */
export async function changePassword(
  db: Db,
  config: AuthConfig,
  userId: string,
  currentToken: string,
  input: ChangePasswordInput,
  clientIp: string,
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const throttle = await throttleAccountChange(db, config, userId, clientIp);
  await requireCurrentPassword(user, input.currentPassword);
  const passwordHash = await hash(input.newPassword, ARGON2_OPTIONS);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))));
  });
  await throttle.succeeded();
  return user;
}

/**
 * Platform admin rights belong to an account, granted and revoked only from the command line
 * (`npm run admin`): never to whoever holds an address, which nobody has proved to own.
 */
export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ isAdmin })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return user;
}

/** A hash of a secret nobody keeps: no password ever matches it, and it has the form every check expects. */
export function unusablePasswordHash(): Promise<string> {
  return hash(randomBytes(32).toString("hex"), ARGON2_OPTIONS);
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
}
