import { and, asc, eq, sql } from "drizzle-orm";
import type { PaymentChannelInput, PaymentChannelView, PaymentProvider } from "../../../shared/payment";
import type { Db } from "../../db/client";
import { paymentChannels } from "../../db/schema";
import type { OnCatalogueChange } from "../../lib/deps";
import { isVersion, nextVersion, staleWrite } from "../../lib/versioning";

function toView(row: typeof paymentChannels.$inferSelect): PaymentChannelView {
  return {
    id: row.id,
    storeId: row.storeId,
    provider: row.provider as PaymentProvider,
    externalId: row.externalId,
    isLive: row.isLive,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
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
 * One channel per provider and store: saving again updates it. With `expectedUpdatedAt` the
 * update happens only if the channel is still that version (null: only if there is none yet); else 409.
 */
/** The storefront lists the store's payment methods: a change is a catalogue change (decision 0031). */
export async function savePaymentChannel(
  db: Db,
  storeId: string,
  input: PaymentChannelInput,
  onCatalogueChange: OnCatalogueChange,
) {
  const version = input.expectedUpdatedAt;
  const [row] = await db
    .insert(paymentChannels)
    .values({ storeId, provider: input.provider, externalId: input.externalId, isLive: input.isLive })
    .onConflictDoUpdate({
      target: [paymentChannels.storeId, paymentChannels.provider],
      set: {
        externalId: input.externalId,
        isLive: input.isLive,
        updatedAt: nextVersion(paymentChannels.updatedAt),
      },
      where: version === null ? sql`false` : isVersion(paymentChannels.updatedAt, version),
    })
    .returning();
  if (!row && version !== undefined) throw staleWrite();
  if (!row) throw new Error("payment channel upsert returned no row");
  onCatalogueChange();
  return toView(row);
}

/** Removes a channel; with `expectedUpdatedAt`, one changed since is kept (409), one gone already is fine. */
export async function deletePaymentChannel(
  db: Db,
  storeId: string,
  provider: PaymentProvider,
  onCatalogueChange: OnCatalogueChange,
  expectedUpdatedAt?: string,
) {
  const channel = and(eq(paymentChannels.storeId, storeId), eq(paymentChannels.provider, provider));
  const removed = await db
    .delete(paymentChannels)
    .where(and(channel, isVersion(paymentChannels.updatedAt, expectedUpdatedAt)))
    .returning({ id: paymentChannels.id });
  if (removed.length > 0) onCatalogueChange();
  if (removed.length > 0 || expectedUpdatedAt === undefined) return;
  const [changed] = await db.select({ id: paymentChannels.id }).from(paymentChannels).where(channel);
  if (changed) throw staleWrite();
}
