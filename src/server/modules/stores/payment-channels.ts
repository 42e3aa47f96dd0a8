import { and, asc, eq, sql } from "drizzle-orm";
import type { PaymentChannelInput, PaymentChannelView, PaymentProvider } from "../../../shared/payment";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { paymentChannels, type users } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { requireCurrentPassword, requireVerifiedEmail, throttleAccountChange } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import { isVersion, nextVersion, staleWrite } from "../../lib/versioning";

function toView(row: typeof paymentChannels.$inferSelect): PaymentChannelView {
  return {
    id: row.id,
    storeId: row.storeId,
    provider: row.provider as PaymentProvider,
    externalId: row.externalId,
    isLive: row.isLive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPaymentChannels(db: Db, storeId: string) {
  const rows = await db
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.storeId, storeId))
    .orderBy(asc(paymentChannels.provider));
  return rows.map(toView);
}

/**
 * Who asks to change a store's channels, and what proves it is them: a session alone may be stolen, so
 * a change of where the money goes needs the account's current password (decision 0058).
 */
export interface ChannelChanger {
  user: typeof users.$inferSelect;
  currentPassword: string | undefined;
  clientIp: string;
  auth: Pick<Config, "loginMaxAttempts" | "loginWindowMs">;
  /** Torg's address, for the link in the owners' notice; null: the notice goes without one. */
  linkOrigin: string | null;
}

/**
 * The current-password check of an e-mail or password change, with its limit per account and client
 * address (a stolen session cannot guess at speed); a success gives the attempt back.
 */
async function confirmPassword(db: Db, changer: ChannelChanger) {
  if (!changer.currentPassword) throw new HttpError(400, "payoutPasswordRequired");
  const throttle = await throttleAccountChange(db, changer.auth, changer.user.id, changer.clientIp);
  await requireCurrentPassword(changer.user, changer.currentPassword);
  await throttle.succeeded();
}

/** "acct_…4821", "…56": enough for the owner to know the account, not enough to use it elsewhere. */
export function maskAccount(externalId: string): string {
  const prefix = externalId.startsWith("acct_") ? "acct_" : "";
  const body = externalId.slice(prefix.length);
  return `${prefix}…${body.slice(body.length >= 10 ? -4 : -2)}`;
}

/**
 * Queues "the payout account changed" for every owner of the store, in the transaction that changes it,
 * in each owner's own language, whatever their notification setting: a change they did not make is
 * the one they must hear of (decision 0058).
 */
async function queuePayoutNotice(
  tx: DbOrTx,
  storeId: string,
  provider: PaymentProvider,
  previous: string | null,
  next: string | null,
  linkOrigin: string | null,
) {
  await tx.execute(sql`
    insert into email_outbox (store_id, to_address, purpose, link_origin, params)
    select s.id, u.email, 'payout_account_changed', ${linkOrigin}::text, jsonb_build_object(
      'language', coalesce(us.language, 'en'), 'storeId', s.id, 'store', s.name, 'provider', ${provider}::text,
      'previous', ${previous && maskAccount(previous)}::text, 'next', ${next && maskAccount(next)}::text,
      'changedAt', now())
    from stores s
    join store_members m on m.store_id = s.id and m.role = 'owner'
    join users u on u.id = m.user_id
    left join user_settings us on us.user_id = u.id
    where s.id = ${storeId}::uuid`);
}

const channelOf = (storeId: string, provider: PaymentProvider) =>
  and(eq(paymentChannels.storeId, storeId), eq(paymentChannels.provider, provider));

/**
 * One channel per provider and store: saving again updates it. A save that changes where the money
 * goes (a first account, or another one) needs the current password and tells the owners; turning live
 * mode on or off for the same account needs neither. The update happens only if the account is still
 * the one read here (a change made meanwhile is not overwritten without the password: 409), and with
 * `expectedUpdatedAt` only if the channel is still that version (null: only if there is none yet).
 * The storefront lists the store's payment methods: a change is a catalogue change (decision 0031).
 */
export async function savePaymentChannel(
  db: Db,
  storeId: string,
  input: PaymentChannelInput,
  changer: ChannelChanger,
  onCatalogueChange: OnCatalogueChange,
) {
  const [current] = await db.select().from(paymentChannels).where(channelOf(storeId, input.provider));
  const movesMoney = current?.externalId !== input.externalId;
  // Taking payments online waits for a proven address (decision 0065): the owners' notices go there.
  if (input.isLive && !current?.isLive) requireVerifiedEmail(changer.user);
  if (movesMoney) await confirmPassword(db, changer);
  const version = input.expectedUpdatedAt;
  const stillAsRead = current
    ? and(
        eq(paymentChannels.externalId, current.externalId),
        isVersion(paymentChannels.updatedAt, version ?? undefined),
      )
    : sql`false`;
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(paymentChannels)
      .values({ storeId, provider: input.provider, externalId: input.externalId, isLive: input.isLive })
      .onConflictDoUpdate({
        target: [paymentChannels.storeId, paymentChannels.provider],
        set: {
          externalId: input.externalId,
          isLive: input.isLive,
          updatedAt: nextVersion(paymentChannels.updatedAt),
        },
        where: version === null ? sql`false` : stillAsRead,
      })
      .returning();
    if (saved && movesMoney) {
      const previous = current?.externalId ?? null;
      await queuePayoutNotice(tx, storeId, input.provider, previous, input.externalId, changer.linkOrigin);
    }
    return saved;
  });
  if (!row) throw staleWrite();
  onCatalogueChange();
  return toView(row);
}

/**
 * Removes a channel, with the current password, and tells the owners; with `expectedUpdatedAt`, one
 * changed since is kept (409). One gone already is fine, and needs no password: nothing changes.
 */
export async function deletePaymentChannel(
  db: Db,
  storeId: string,
  provider: PaymentProvider,
  changer: ChannelChanger,
  onCatalogueChange: OnCatalogueChange,
  expectedUpdatedAt?: string,
) {
  const channel = channelOf(storeId, provider);
  const [current] = await db.select({ id: paymentChannels.id }).from(paymentChannels).where(channel);
  if (!current) return;
  await confirmPassword(db, changer);
  const removed = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(paymentChannels)
      .where(and(channel, isVersion(paymentChannels.updatedAt, expectedUpdatedAt)))
      .returning({ externalId: paymentChannels.externalId });
    if (gone) await queuePayoutNotice(tx, storeId, provider, gone.externalId, null, changer.linkOrigin);
    return gone;
  });
  if (removed) onCatalogueChange();
  if (removed || expectedUpdatedAt === undefined) return;
  const [changed] = await db.select({ id: paymentChannels.id }).from(paymentChannels).where(channel);
  if (changed) throw staleWrite();
}
