import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type {
  ChangePasswordInput,
  LoginInput,
  ProfileInput,
  PublicUser,
  RegisterInput,
} from "../../../shared/auth";
import type { Language } from "../../../shared/preferences";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-error";
import { clearRateLimit, hitRateLimit, quotaExceeded, releaseRateLimit } from "../../lib/rate-limit";
import { saveSettings } from "../settings/service";

type UserRow = typeof users.$inferSelect;

export type AuthConfig = Pick<
  Config,
  "adminEmails" | "signupAllowlist" | "sessionTtlMs" | "loginMaxAttempts" | "loginWindowMs"
>;

/** argon2id is the library's default algorithm; these are its recommended OWASP-level costs. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** An allow-list entry is an address (ada@example.no) or a whole domain (@example.no). */
export function isOnAllowlist(email: string, allowlist: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@"));
  return allowlist.includes(email) || allowlist.includes(domain);
}

async function findUserByEmail(db: Db, email: string) {
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
      isWhitelisted: restricted,
      isAdmin: config.adminEmails.includes(input.email),
      lastLoginAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw conflict("emailInUse");
  if (language) await saveSettings(db, user.id, { language });
  return user;
}

/**
 * Checks a password with throttling per email and per client address: every attempt counts, and a
 * success clears the email's counter and gives the address its attempt back.
 */
export async function authenticate(
  db: Db,
  config: AuthConfig,
  input: LoginInput,
  clientIp: string,
): Promise<UserRow> {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${clientIp}`;
  const ipLimit = config.loginMaxAttempts * 5;
  // Every attempt is counted before the password is checked, atomically, so guesses sent at the same
  // moment cannot all slip under the limit; a successful one gives its attempts back.
  const [byEmail, byIp] = await Promise.all([
    hitRateLimit(db, emailKey, config.loginMaxAttempts, config.loginWindowMs),
    hitRateLimit(db, ipKey, ipLimit, config.loginWindowMs),
  ]);
  if (!byEmail.allowed || !byIp.allowed) {
    throw quotaExceeded(
      "tooManyLogins",
      Math.max(byEmail.allowed ? 0 : byEmail.retryAfterMs, byIp.allowed ? 0 : byIp.retryAfterMs),
    );
  }

  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verify(user.passwordHash, input.password)
    : await verify(await timingDummy(), input.password).then(() => false);
  if (!user || !valid) throw new HttpError(401, "wrongCredentials");
  await Promise.all([clearRateLimit(db, emailKey), releaseRateLimit(db, ipKey)]);

  const isAdmin = user.isAdmin || config.adminEmails.includes(user.email.toLowerCase());
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: new Date(), isAdmin })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** A fresh random token per sign-in (no fixation); only its hash is stored. */
export async function createSession(db: Db, config: AuthConfig, userId: string, userAgent?: string) {
  const token = randomBytes(32).toString("base64url");
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

export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && existing.id !== userId) throw conflict("emailInUse");
  const [user] = await db
    .update(users)
    .set({ fullName: input.fullName, email: input.email })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound();
  return user;
}

/** A new password ends every other session, so a stolen cookie stops working (logout everywhere). */
export async function changePassword(
  db: Db,
  userId: string,
  currentToken: string,
  input: ChangePasswordInput,
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (!(await verify(user.passwordHash, input.currentPassword)))
    throw new HttpError(400, "currentPasswordWrong");
  const passwordHash = await hash(input.newPassword, ARGON2_OPTIONS);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))));
  });
  return user;
}

export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ isAdmin })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return user;
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
}
