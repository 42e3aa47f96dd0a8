import { eq, sql } from "drizzle-orm";
import type { CarrierSettingsInput, CarrierSettingsView } from "../../../shared/carrier-settings";
import type { BringServiceCode, CarrierProvider } from "../../../shared/shipping";
import { type CarrierAccount, CarrierError, type Carriers } from "../../adapters/carriers";
import type { DbOrTx } from "../../db/client";
import { storeCarriers } from "../../db/schema";
import { badRequest, HttpError } from "../../lib/http-error";
import { seal, unseal } from "../../lib/sealed-secret";
import { carrierFor } from "./store-carrier";

/**
 * How long saving waits for the carrier's read of the account: longer than a checkout waits (the seller
 * is watching a Save button, not a queue), short enough that a hanging Bring is told as "not answering".
 */
export const ACCOUNT_CHECK_TIMEOUT_MS = 8_000;

type StoreCarrierRow = typeof storeCarriers.$inferSelect;

function toView(row: StoreCarrierRow): CarrierSettingsView {
  return {
    provider: row.provider as CarrierProvider,
    apiUid: row.apiUid,
    customerNumber: row.customerNumber,
    sender: row.sender,
    services: row.services.map((service) => ({
      code: service.code as BringServiceCode,
      price: service.price ?? null,
    })),
    defaultWeightGrams: row.defaultWeightGrams,
    freeAbove: row.freeAbove,
    fulfilOnDelivery: row.fulfilOnDelivery,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readRow(db: DbOrTx, storeId: string) {
  const [row] = await db.select().from(storeCarriers).where(eq(storeCarriers.storeId, storeId));
  return row;
}

/** The store's carrier settings without the key (never read back), or null when it connected none. */
export async function getCarrierSettings(db: DbOrTx, storeId: string): Promise<CarrierSettingsView | null> {
  const row = await readRow(db, storeId);
  return row ? toView(row) : null;
}

/**
 * The carrier's verdict on the account, as the seller should hear it: a refused key at once (400), a
 * carrier that does not answer as such (503: try again, nothing is wrong with the form), and any other
 * refusal in the carrier's own words.
 */
async function checkAccount(carriers: Carriers, provider: CarrierProvider, account: CarrierAccount) {
  try {
    await carrierFor(carriers, provider).checkAccount(account, { timeoutMs: ACCOUNT_CHECK_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    if (error.kind === "unauthorized") throw badRequest("carrierCredentialsRefused");
    if (error.kind === "refused") {
      throw badRequest("carrierRefused", { message: error.providerMessage ?? error.kind });
    }
    throw new HttpError(503, "carrierUnavailable");
  }
}

/**
 * The key saved before, to save again without it; undefined when there is none, or when it can no longer
 * be opened (the server secret changed): then the seller is asked for it as on a first save.
 */
async function savedKey(db: DbOrTx, current: StoreCarrierRow | undefined) {
  if (!current) return undefined;
  try {
    return { apiKey: await unseal(db, current.apiKeySealed), sealed: current.apiKeySealed };
  } catch {
    return undefined;
  }
}

/**
 * Connects the store's carrier account, or changes it (decision 0079). The key is sealed before it is
 * stored; left out, the one saved before is kept (a form cannot send it again, it is never read back)
 * and the first save needs one. Nothing is saved unless the carrier accepts the account with a read.
 */
export async function saveCarrierSettings(
  db: DbOrTx,
  carriers: Carriers,
  storeId: string,
  input: CarrierSettingsInput,
): Promise<CarrierSettingsView> {
  const current = await readRow(db, storeId);
  const kept = input.apiKey ? undefined : await savedKey(db, current);
  const apiKey = input.apiKey ?? kept?.apiKey;
  if (!apiKey) throw badRequest("carrierKeyRequired");
  await checkAccount(carriers, input.provider, {
    apiUid: input.apiUid,
    apiKey,
    customerNumber: input.customerNumber,
  });
  const apiKeySealed = kept?.sealed ?? (await seal(db, apiKey));
  const values = {
    provider: input.provider,
    apiUid: input.apiUid,
    apiKeySealed,
    customerNumber: input.customerNumber,
    sender: input.sender,
    services: input.services.map((service) => ({ code: service.code, price: service.price ?? null })),
    defaultWeightGrams: input.defaultWeightGrams,
    freeAbove: input.freeAbove ?? null,
    fulfilOnDelivery: input.fulfilOnDelivery ?? false,
  };
  const [row] = await db
    .insert(storeCarriers)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: storeCarriers.storeId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("carrier settings upsert returned no row");
  return toView(row);
}

/**
 * Disconnects the store's carrier: its checkout offers the store's own delivery options again. Orders
 * and shipments keep their own copies of the service, price and tracking, so nothing past changes.
 */
export async function disconnectCarrier(db: DbOrTx, storeId: string): Promise<boolean> {
  const removed = await db
    .delete(storeCarriers)
    .where(eq(storeCarriers.storeId, storeId))
    .returning({ storeId: storeCarriers.storeId });
  return removed.length > 0;
}
