import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { DeleteAccountInput } from "../../../shared/auth";
import type { Db } from "../../db/client";
import { accountTokens, aiLogs, qrCodes, sessions, storeMembers, userSettings, users } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { requireCurrentPassword, throttleAccountChange } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { type AuthConfig, unusablePasswordHash } from "../auth";
import { softDeleteStores } from "../stores";

/** The address a deleted account is left with: unique, and on a domain no mail is ever delivered to. */
export const deletedAccountEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes a seller's account, after their password (throttled like a password change): the stores they
 * alone own are soft-deleted as a store is (off the web, slug free, QR codes switched off) with their
 * orders kept for bookkeeping; every membership goes; the account row stays only as an anonymous
 * anchor for the orders' status history (e-mail replaced, name erased, a password nobody knows), and
 * its settings and sessions are deleted. Their QR codes no longer name an owner. The orders' buyer
 * details are erased later by the retention rule, once the bookkeeping period allows. Returns the ids
 * of the stores deleted; when there are any, their shops are off the web at once on this server
 * (`onCatalogueChange`, decision 0031), the others' caches expire within seconds.
 */
export async function deleteAccount(
  db: Db,
  config: AuthConfig,
  userId: string,
  input: DeleteAccountInput,
  clientIp: string,
  onCatalogueChange: OnCatalogueChange,
): Promise<string[]> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const throttle = await throttleAccountChange(db, config, userId, clientIp);
  await requireCurrentPassword(user, input.password);
  await throttle.succeeded();
  const passwordHash = await unusablePasswordHash();
  const deleted = await db.transaction(async (tx) => {
    const otherOwners = tx
      .select({ storeId: storeMembers.storeId })
      .from(storeMembers)
      .where(and(eq(storeMembers.role, "owner"), ne(storeMembers.userId, userId)));
    const soleOwned = await tx
      .select({ storeId: storeMembers.storeId })
      .from(storeMembers)
      .where(
        and(
          eq(storeMembers.userId, userId),
          eq(storeMembers.role, "owner"),
          sql`${storeMembers.storeId} not in ${otherOwners}`,
        ),
      );
    const storeIds = soleOwned.map((row) => row.storeId);
    await softDeleteStores(tx, storeIds);
    await tx.delete(storeMembers).where(eq(storeMembers.userId, userId));
    // A code of no store pointed wherever its owner chose: with no owner left, it stops.
    await tx
      .update(qrCodes)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(qrCodes.ownerUserId, userId), isNull(qrCodes.storeId)));
    await tx.update(qrCodes).set({ ownerUserId: null }).where(eq(qrCodes.ownerUserId, userId));
    await tx.update(aiLogs).set({ userId: null }).where(eq(aiLogs.userId, userId));
    await tx.delete(userSettings).where(eq(userSettings.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx
      .update(users)
      .set({
        email: deletedAccountEmail(userId),
        fullName: "",
        passwordHash,
        isAdmin: false,
        isWhitelisted: false,
        emailVerifiedAt: null,
        lastLoginAt: null,
        authMeta: {},
      })
      .where(eq(users.id, userId));
    return storeIds;
  });
  if (deleted.length > 0) onCatalogueChange();
  return deleted;
}
