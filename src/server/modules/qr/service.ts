import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import QRCode from "qrcode";
import sharp from "sharp";
import type { CreateQrCodeInput, QrCodeView, UpdateQrCodeInput } from "../../../shared/qr";
import type { Db, DbOrTx } from "../../db/client";
import { qrCodes, stores, type users } from "../../db/schema";
import { escapeXml } from "../../lib/escape";
import { memberStoreIds, requireStoreMember } from "../../lib/guards";
import { conflict, notFound } from "../../lib/http-error";
import { countRows, paged } from "../../lib/paging";

type User = typeof users.$inferSelect;
type QrRow = typeof qrCodes.$inferSelect;

/** Readable codes: no 0/O or 1/l to confuse anyone typing one in. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export function generateCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export function toQrView(row: QrRow, storeName: string | null, origin: string): QrCodeView {
  return {
    id: row.id,
    code: row.code,
    url: row.url,
    storeId: row.storeId,
    store: storeName ? { name: storeName } : null,
    isActive: row.isActive,
    scannedCount: row.scannedCount,
    lastScannedAt: row.lastScannedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    scanUrl: `${origin}/q/${row.code}`,
    imageUrl: `/api/qr-codes/${encodeURIComponent(row.code)}/image`,
  };
}

/** Creates a code (generated when none is given); a taken code text is a 409. Runs inside the caller's transaction when given one. */
export async function createQrCode(
  db: DbOrTx,
  ownerUserId: string,
  input: CreateQrCodeInput,
): Promise<QrRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = input.code ?? generateCode();
    const [row] = await db
      .insert(qrCodes)
      .values({
        code,
        url: input.url,
        storeId: input.storeId ?? null,
        isActive: input.isActive ?? true,
        ownerUserId,
      })
      .onConflictDoNothing({ target: qrCodes.code })
      .returning();
    if (row) return row;
    if (input.code) throw conflict("qrCodeTaken", { code });
  }
  throw new Error("could not find a free QR code after 5 tries");
}

/** Which codes a user may see (decision 0004): their own and those of their stores; a platform admin sees all. */
async function scopeFor(db: Db, user: User): Promise<SQL | undefined> {
  if (user.isAdmin) return undefined;
  const storeIds = await memberStoreIds(db, user.id);
  return storeIds.length
    ? or(eq(qrCodes.ownerUserId, user.id), inArray(qrCodes.storeId, storeIds))
    : eq(qrCodes.ownerUserId, user.id);
}

type Page = { limit: number; offset: number };

async function loadQrViews(db: Db, scope: SQL | undefined, origin: string, page: Page) {
  const rows = await db
    .select({ qr: qrCodes, storeName: stores.name })
    .from(qrCodes)
    .leftJoin(stores, and(eq(stores.id, qrCodes.storeId), isNull(stores.deletedAt)))
    .where(scope)
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => toQrView(row.qr, row.storeName, origin));
}

export async function listQrCodes(db: Db, user: User, origin: string, page: Page) {
  return loadQrViews(db, await scopeFor(db, user), origin, page);
}

/** One page of the codes a user may see (of one store, when given), and how many they may see in all. */
export async function pageQrCodes(db: Db, user: User, origin: string, page: Page, storeId?: string) {
  const visible = await scopeFor(db, user);
  const scope = storeId ? and(visible, eq(qrCodes.storeId, storeId)) : visible;
  return paged(
    loadQrViews(db, scope, origin, page),
    countRows(db.select({ total: count() }).from(qrCodes).where(scope)),
  );
}

export async function findVisibleQrCode(db: Db, user: User, id: string) {
  const [row] = await db
    .select({ qr: qrCodes, storeName: stores.name })
    .from(qrCodes)
    .leftJoin(stores, and(eq(stores.id, qrCodes.storeId), isNull(stores.deletedAt)))
    .where(and(eq(qrCodes.id, id), await scopeFor(db, user)));
  if (!row) throw notFound("qrCodeNotFound");
  return row;
}

/** The address a code linked to a store sends its scans to: the store's shop. */
export const storeQrUrl = (origin: string, slug: string) => `${origin}/s/${slug}`;

/**
 * Changes a code the user may see. Linking it to another store (one of theirs, else 404) points it at
 * that store's shop, unless the same request changes the address too: a code detached from a deleted
 * store keeps the old shop's address, which the next store to take the slug would inherit. (The edit
 * form sends the address unchanged with every save.)
 */
export async function updateQrCode(db: Db, user: User, id: string, input: UpdateQrCodeInput, origin: string) {
  const { qr: current } = await findVisibleQrCode(db, user, id);
  const store = input.storeId ? await requireStoreMember(db, user, input.storeId) : undefined;
  const relinked = store !== undefined && store.id !== current.storeId;
  const url =
    relinked && (input.url === undefined || input.url === current.url)
      ? storeQrUrl(origin, store.slug)
      : input.url;
  await db
    .update(qrCodes)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(input.storeId !== undefined ? { storeId: input.storeId } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      updatedAt: new Date(),
    })
    .where(eq(qrCodes.id, id));
  return findVisibleQrCode(db, user, id);
}

export async function deleteQrCode(db: Db, user: User, id: string) {
  await findVisibleQrCode(db, user, id);
  await db.delete(qrCodes).where(eq(qrCodes.id, id));
}

/** Counts a scan in one atomic statement, so concurrent scans never lose a count; undefined when unknown or inactive. */
/** Where an active code leads, without counting anything (a browser loading it as an image, say). */
export async function scanTarget(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ url: qrCodes.url })
    .from(qrCodes)
    .where(and(eq(qrCodes.code, code), eq(qrCodes.isActive, true)));
  return row?.url;
}

export async function recordScan(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .update(qrCodes)
    .set({ scannedCount: sql`${qrCodes.scannedCount} + 1`, lastScannedAt: new Date() })
    .where(and(eq(qrCodes.code, code), eq(qrCodes.isActive, true)))
    .returning({ url: qrCodes.url });
  return row?.url;
}

export async function findQrCodeByCode(db: Db, code: string) {
  const [row] = await db
    .select({ qr: qrCodes, storeName: stores.name })
    .from(qrCodes)
    .leftJoin(stores, and(eq(stores.id, qrCodes.storeId), isNull(stores.deletedAt)))
    .where(eq(qrCodes.code, code));
  return row;
}

/**
 * The code as SVG, with the store's name under it when there is one, so a printed card says whose
 * code it is.
 */
export async function qrSvg(scanUrl: string, label: string | null, size: number): Promise<string> {
  const qr = await QRCode.toString(scanUrl, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    width: size,
  });
  if (!label) return qr;
  const labelHeight = Math.round(size * 0.14);
  const inner = qr.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  const viewBox = /viewBox="([^"]+)"/.exec(qr)?.[1] ?? `0 0 ${size} ${size}`;
  const fontSize = Math.round(size * 0.065);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + labelHeight}" viewBox="0 0 ${size} ${size + labelHeight}"><rect width="100%" height="100%" fill="#ffffff"/><svg width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg><text x="${size / 2}" y="${size + labelHeight * 0.45}" font-family="Inter, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="#111111" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text></svg>`;
}

export async function qrPng(scanUrl: string, label: string | null, size: number): Promise<Buffer> {
  if (!label)
    return QRCode.toBuffer(scanUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, width: size });
  return sharp(Buffer.from(await qrSvg(scanUrl, label, size)))
    .png()
    .toBuffer();
}
