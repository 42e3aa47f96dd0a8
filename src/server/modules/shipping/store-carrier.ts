import { eq } from "drizzle-orm";
import type { SenderAddress } from "../../../shared/carrier-settings";
import type { BringServiceCode, CarrierProvider } from "../../../shared/shipping";
import type { Carrier, CarrierAccount, Carriers } from "../../adapters/carriers";
import type { DbOrTx } from "../../db/client";
import { storeCarriers } from "../../db/schema";
import { badRequest } from "../../lib/http-error";
import { unseal } from "../../lib/sealed-secret";

/** A store's carrier account as the shipping services use it: the key unsealed, in memory only. */
export interface StoreCarrier {
  storeId: string;
  provider: CarrierProvider;
  account: CarrierAccount;
  sender: SenderAddress;
  /** The services offered, in the seller's order; `price` set: the seller's own, else the carrier's. */
  services: { code: BringServiceCode; price: string | null }[];
  defaultWeightGrams: number;
  /** numeric text; null: never free. */
  freeAbove: string | null;
  fulfilOnDelivery: boolean;
}

/** The store's carrier account, or undefined when it connected none (decision 0079). */
export async function readStoreCarrier(db: DbOrTx, storeId: string): Promise<StoreCarrier | undefined> {
  const [row] = await db.select().from(storeCarriers).where(eq(storeCarriers.storeId, storeId));
  if (!row) return undefined;
  return {
    storeId: row.storeId,
    provider: row.provider as CarrierProvider,
    account: {
      apiUid: row.apiUid,
      apiKey: await unseal(db, row.apiKeySealed),
      customerNumber: row.customerNumber,
    },
    sender: row.sender,
    services: row.services.map((service) => ({
      code: service.code as BringServiceCode,
      price: service.price ?? null,
    })),
    defaultWeightGrams: row.defaultWeightGrams,
    freeAbove: row.freeAbove,
    fulfilOnDelivery: row.fulfilOnDelivery,
  };
}

/** The adapter for a store's carrier, or a 400 when this server has it turned off (BRING_API_URL empty). */
export function carrierFor(carriers: Carriers, provider: CarrierProvider): Carrier {
  const carrier = carriers[provider];
  if (!carrier) throw badRequest("carrierOff");
  return carrier;
}
