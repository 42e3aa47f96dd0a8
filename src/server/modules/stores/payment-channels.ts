import { and, asc, eq } from "drizzle-orm";
import type { PaymentChannelInput, PaymentChannelView, PaymentProvider } from "../../../shared/payment";
import type { Db } from "../../db/client";
import { paymentChannels } from "../../db/schema";

function toView(row: typeof paymentChannels.$inferSelect): PaymentChannelView {
  return {
    id: row.id,
    storeId: row.storeId,
    provider: row.provider as PaymentProvider,
    externalId: row.externalId,
    isLive: row.isLive,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
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

/** One channel per provider and store: saving again updates it (D17). */
export async function savePaymentChannel(db: Db, storeId: string, input: PaymentChannelInput) {
  const [row] = await db
    .insert(paymentChannels)
    .values({ storeId, provider: input.provider, externalId: input.externalId, isLive: input.isLive })
    .onConflictDoUpdate({
      target: [paymentChannels.storeId, paymentChannels.provider],
      set: { externalId: input.externalId, isLive: input.isLive, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("payment channel upsert returned no row");
  return toView(row);
}

export async function deletePaymentChannel(db: Db, storeId: string, provider: PaymentProvider) {
  await db
    .delete(paymentChannels)
    .where(and(eq(paymentChannels.storeId, storeId), eq(paymentChannels.provider, provider)));
}
