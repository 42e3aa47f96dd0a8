import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { shortOrderId } from "../../../shared/order";
import type { FileStorage } from "../../adapters/storage";
import type { DbOrTx } from "../../db/client";
import { orders, shipments } from "../../db/schema";
import { badRequest, notFound } from "../../lib/http-error";

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(body)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function storedLabel(storage: FileStorage, key: string): Promise<Buffer> {
  const file = await storage.get(key);
  // The row says it was stored; a file gone since (a restore without uploads) is as good as no label.
  if (!file) throw notFound("shipmentNotFound");
  return bytesOf(file.body);
}

/** An order's label PDF as stored at booking; 404 when none was booked. */
export async function orderLabel(db: DbOrTx, storage: FileStorage, orderId: string) {
  const [row] = await db
    .select({ labelKey: shipments.labelKey })
    .from(shipments)
    .where(eq(shipments.orderId, orderId));
  if (!row) throw notFound("shipmentNotFound");
  return storedLabel(storage, row.labelKey);
}

/**
 * The labels of several of a store's orders as one PDF, in the order asked, for one print run. Every
 * order must be the store's and booked: the seller is told which are not (their short numbers), rather
 * than handed a PDF quietly missing a parcel.
 */
export async function mergedLabels(db: DbOrTx, storage: FileStorage, storeId: string, orderIds: string[]) {
  const wanted = [...new Set(orderIds)];
  const rows = await db
    .select({ orderId: orders.id, labelKey: shipments.labelKey })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, wanted)));
  const keyOf = new Map(rows.map((row) => [row.orderId, row.labelKey]));
  const missing = wanted.filter((id) => !keyOf.get(id));
  if (missing.length > 0)
    throw badRequest("labelsNotBooked", { orders: missing.map((id) => shortOrderId(id)).join(", ") });
  const merged = await PDFDocument.create();
  for (const id of wanted) {
    const label = await PDFDocument.load(await storedLabel(storage, keyOf.get(id) ?? ""));
    const pages = await merged.copyPages(label, label.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
