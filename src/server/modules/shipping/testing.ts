import type { CarrierService, SenderAddress } from "../../../shared/shipping";
import type { DbOrTx } from "../../db/client";
import { storeCarriers } from "../../db/schema";
import { seal } from "../../lib/sealed-secret";
import { FAKE_BRING_ACCOUNT } from "../../test/fakes/bring-account";

export const TEST_SENDER: SenderAddress = {
  name: "Leirverkstedet",
  street: "Storgata 1",
  postalCode: "0155",
  city: "Oslo",
};

/**
 * Connects a store to Bring with the fake's account straight in the database, for tests of the checkout,
 * the booking and the tracking (the settings' own tests go through PUT /api/stores/{id}/carrier).
 */
export async function connectTestCarrier(
  db: DbOrTx,
  storeId: string,
  options: {
    services?: CarrierService[];
    defaultWeightGrams?: number;
    freeAbove?: string | null;
    fulfilOnDelivery?: boolean;
    apiKey?: string;
  } = {},
) {
  await db.insert(storeCarriers).values({
    storeId,
    provider: "bring",
    apiUid: FAKE_BRING_ACCOUNT.apiUid,
    apiKeySealed: await seal(db, options.apiKey ?? FAKE_BRING_ACCOUNT.apiKey),
    customerNumber: FAKE_BRING_ACCOUNT.customerNumber,
    sender: TEST_SENDER,
    services: (options.services ?? [{ code: "5800" }, { code: "3584" }, { code: "5600" }]).map((service) => ({
      code: service.code,
      price: service.price ?? null,
    })),
    defaultWeightGrams: options.defaultWeightGrams ?? 1000,
    freeAbove: options.freeAbove ?? null,
    fulfilOnDelivery: options.fulfilOnDelivery ?? false,
  });
}
