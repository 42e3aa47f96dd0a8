import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { translateShared } from "../../../shared/i18n";
import type { Language } from "../../../shared/preferences";
import type { Db } from "../../db/client";
import { smsOutbox, storePhoneVerifications, stores } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import type { StoreRow } from "../../lib/guards";
import { badRequest, conflict, HttpError } from "../../lib/http-error";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { assertSellerSmsPhone } from "../sms";

export const CODE_TTL_MINUTES = 10;
/** Wrong codes allowed per code sent: with 6 digits, 5 guesses are a 1 in 200 000 chance. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one store may have texted per hour: each is a text to a number the seller typed. */
export const CODES_PER_STORE_PER_HOUR = 5;

/**
 * The code is stored only as this hash, bound to the store and the number it was sent to, so the table
 * alone does not tell it and a code sent to one number cannot verify another.
 */
function hashCode(storeId: string, phone: string, code: string): Buffer {
  return createHash("sha256").update(`${storeId}:${phone}:${code}`).digest();
}

/**
 * Texts a fresh 6-digit code to the store's phone through the SMS outbox (so it shares the hourly
 * limits and the sms_log of every other text). A new code replaces an earlier one.
 */
export async function sendPhoneCode(
  db: Db,
  store: StoreRow,
  options: { allowedCountries: readonly string[]; language: Language },
): Promise<{ phone: string; expiresAt: string }> {
  const phone = store.phone;
  if (!phone) throw badRequest("storePhoneMissing");
  if (phone === store.verifiedPhone) throw conflict("phoneAlreadyVerified");
  assertSellerSmsPhone(phone, options.allowedCountries, options.language);
  await enforceQuota(db, {
    key: `sms:verify:store:${store.id}`,
    limit: CODES_PER_STORE_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyVerificationCodes",
  });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
  const codeHash = hashCode(store.id, phone, code).toString("hex");
  await db.transaction(async (tx) => {
    await tx
      .insert(storePhoneVerifications)
      .values({ storeId: store.id, phone, codeHash, expiresAt, attempts: 0 })
      .onConflictDoUpdate({
        target: storePhoneVerifications.storeId,
        set: { phone, codeHash, expiresAt, attempts: 0, createdAt: new Date() },
      });
    // The worker polls the outbox about every second, so the code is on its way at once.
    await tx.insert(smsOutbox).values({
      storeId: store.id,
      toNumber: phone,
      purpose: "phone_verification",
      body: translateShared(options.language, "sms.phoneVerification", { code, minutes: CODE_TTL_MINUTES }),
    });
  });
  return { phone, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a typed code against the last one sent to the store's current phone; right, it marks that
 * phone verified. Each try is counted before it is compared (one UPDATE), so parallel guesses cannot
 * exceed the allowance.
 */
export async function confirmPhoneCode(
  db: Db,
  store: StoreRow,
  code: string,
  onCatalogueChange: OnCatalogueChange,
): Promise<StoreRow> {
  const [challenge] = await db
    .update(storePhoneVerifications)
    .set({ attempts: sql`${storePhoneVerifications.attempts} + 1` })
    .where(eq(storePhoneVerifications.storeId, store.id))
    .returning();
  if (!challenge || challenge.phone !== store.phone || challenge.expiresAt.getTime() <= Date.now()) {
    throw badRequest("verificationCodeExpired");
  }
  if (challenge.attempts > MAX_CODE_ATTEMPTS) throw new HttpError(429, "tooManyCodeAttempts");
  const expected = Buffer.from(challenge.codeHash, "hex");
  if (!timingSafeEqual(hashCode(store.id, challenge.phone, code), expected)) {
    throw badRequest("verificationCodeWrong");
  }
  const verifiedStore = await db.transaction(async (tx) => {
    const [verified] = await tx
      .update(stores)
      .set({ verifiedPhone: challenge.phone, updatedAt: new Date() })
      .where(and(eq(stores.id, store.id), eq(stores.phone, challenge.phone)))
      .returning();
    // The phone changed between the code and now: the code was for a number the store no longer has.
    if (!verified) throw badRequest("verificationCodeExpired");
    await tx.delete(storePhoneVerifications).where(eq(storePhoneVerifications.storeId, store.id));
    return verified;
  });
  // The storefront shows the store's phone.
  onCatalogueChange();
  return verifiedStore;
}
