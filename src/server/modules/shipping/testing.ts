import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import type { CarrierService, SenderAddress } from "../../../shared/carrier-settings";
import { createStorage, LABEL_FOLDER } from "../../adapters/storage";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { shipments, storeCarriers } from "../../db/schema";
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

/**
 * An order's parcel booked without a carrier: a shipments row and a one-page label PDF in the app's file
 * storage, for the route-wide suites whose app reaches no Bring (the booking's own tests use the fake).
 */
export async function storeBookedShipment(
  t: { database: { db: DbOrTx }; config: Config },
  order: { id: string; storeId: string },
) {
  const pdf = await PDFDocument.create();
  pdf.addPage([283, 425]).drawText(`Label ${order.id.slice(0, 8)}`, { x: 20, y: 380, size: 14 });
  const id = randomUUID();
  const labelKey = `${LABEL_FOLDER}${id}.pdf`;
  await createStorage(t.config).put(labelKey, Buffer.from(await pdf.save()), "application/pdf");
  const trackingNumber = `70438101${String(Date.now()).slice(-9)}`;
  await t.database.db.insert(shipments).values({
    id,
    orderId: order.id,
    storeId: order.storeId,
    carrier: "bring",
    service: "5600",
    trackingNumber,
    trackingUrl: `https://sporing.bring.no/sporing/${trackingNumber}`,
    labelKey,
  });
  return { trackingNumber, labelKey };
}
