import { and, inArray, lt, or } from "drizzle-orm";
import { IMAGE_WIDTHS } from "../../../shared/image-url";
import type { FileStorage } from "../../adapters/storage";
import { UPLOAD_FOLDERS } from "../../adapters/storage/storage";
import type { Db } from "../../db/client";
import {
  aiLogs,
  emailLog,
  emailOutbox,
  orders,
  paymentEvents,
  productImages,
  productViews,
  smsLog,
  smsOutbox,
  stores,
} from "../../db/schema";
import { deleteEndedRateLimits } from "../../lib/rate-limit";
import { deleteEndedAccountTokens, deleteExpiredSessions } from "../auth";
import { deleteUnsavedBrandFiles } from "../identity";
import { deleteOldUnclaimed, storageKeysOf } from "../images";
import { anonymiseBuyers } from "../privacy";

/** An analysed photo nothing has used for this long is one nobody will: a draft is saved within the hour. */
export const UNCLAIMED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const UPLOAD_KEY = new RegExp(`^([a-z]+/[0-9a-f-]{36})-(?:${IMAGE_WIDTHS.join("|")})\\.webp$`);
/** Image URLs checked against the database per query. */
const CLAIM_BATCH = 500;

export interface HousekeepingResult {
  /** Unclaimed images deleted (each with all its widths). */
  uploads: number;
  /** Brand files (a shop's logo, its about photo) deleted because no saved look names them. */
  brandFiles: number;
  /** Orders whose buyer contact details were erased for age. */
  anonymisedOrders: number;
}

/** How long housekeeping keeps what it deletes or erases (config.retention). */
export interface Retention {
  aiLogDays: number;
  smsLogDays: number;
  viewCountDays: number;
  orderContactYears: number;
  paymentEventDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Deletes what is kept only for a while: AI analysis logs, SMS logs and the outbox's finished texts
 * (a pending one is still to be sent, so it stays whatever its age), and view counts of days before the
 * cut-off (a day is a calendar date; comparing it with the UTC date of the cut-off is a day's precision,
 * all this needs), and payment providers' events (decision 0055). Then erases buyers' contact details
 * from orders placed before the bookkeeping period.
 */
export async function applyRetention(db: Db, retention: Retention, now: Date): Promise<number> {
  const smsCutoff = daysBefore(now, retention.smsLogDays);
  const viewCutoff = daysBefore(now, retention.viewCountDays).toISOString().slice(0, 10);
  const orderCutoff = new Date(now);
  orderCutoff.setUTCFullYear(orderCutoff.getUTCFullYear() - retention.orderContactYears);
  await Promise.all([
    db.delete(aiLogs).where(lt(aiLogs.createdAt, daysBefore(now, retention.aiLogDays))),
    db.delete(smsLog).where(lt(smsLog.createdAt, smsCutoff)),
    db
      .delete(smsOutbox)
      .where(
        and(
          lt(smsOutbox.createdAt, smsCutoff),
          inArray(smsOutbox.status, ["sent", "failed", "rate_limited", "refused"]),
        ),
      ),
    // E-mails (decision 0037) name the buyer as texts do, and are kept as long.
    db.delete(emailLog).where(lt(emailLog.createdAt, smsCutoff)),
    db
      .delete(emailOutbox)
      .where(
        and(
          lt(emailOutbox.createdAt, smsCutoff),
          inArray(emailOutbox.status, ["sent", "failed", "cancelled", "rate_limited"]),
        ),
      ),
    db.delete(productViews).where(lt(productViews.day, viewCutoff)),
    db.delete(paymentEvents).where(lt(paymentEvents.receivedAt, daysBefore(now, retention.paymentEventDays))),
  ]);
  return (await anonymiseBuyers(db, lt(orders.placedAt, orderCutoff))).length;
}

/**
 * Deletes the uploads written before `olderThan` that no product image and no store (hero or fallback
 * picture, deleted stores included) uses: an analysis stores its photo for a product or quick store
 * that may never be saved. Returns how many images (each with all its widths) were deleted.
 */
export function deleteUnclaimedUploads(db: Db, storage: FileStorage, olderThan: Date): Promise<number> {
  return deleteOldUnclaimed(storage, {
    folders: UPLOAD_FOLDERS,
    olderThan,
    batch: CLAIM_BATCH,
    // Every width of an image under the URL a product or store names it by.
    groupOf: (key) => {
      const image = UPLOAD_KEY.exec(key)?.[1];
      return image && `/uploads/${image}-${IMAGE_WIDTHS[0]}.webp`;
    },
    unclaimed: async (images) => {
      const urls = [...images.keys()];
      const claimed = await claimedUrls(db, urls);
      return urls.filter((url) => !claimed.has(url)).map((url) => storageKeysOf(url));
    },
  });
}

/** Which of the URLs a product image or a store points at (the same references deleteUnusedImages keeps). */
async function claimedUrls(db: Db, urls: string[]): Promise<Set<string>> {
  const [byProducts, byStores] = await Promise.all([
    db.select({ url: productImages.url }).from(productImages).where(inArray(productImages.url, urls)),
    db
      .select({ hero: stores.heroImageUrl, fallback: stores.fallbackHeroImage })
      .from(stores)
      .where(or(inArray(stores.heroImageUrl, urls), inArray(stores.fallbackHeroImage, urls))),
  ]);
  return new Set([
    ...byProducts.map((row) => row.url),
    ...byStores.flatMap((row) => [row.hero, row.fallback].filter((url): url is string => url !== null)),
  ]);
}

/**
 * One pass of every housekeeping task: expired sessions (resolveSession refuses them already; this frees
 * the rows), rate-limit rows whose window ended, unclaimed uploads and unsaved brand files older than a
 * day, and the retention periods of logs, view counts and buyers' contact details.
 */
export async function runHousekeeping(
  db: Db,
  storage: FileStorage,
  retention: Retention,
  now: Date = new Date(),
): Promise<HousekeepingResult> {
  const unclaimedBefore = new Date(now.getTime() - UNCLAIMED_UPLOAD_MAX_AGE_MS);
  const [, , , uploads, brandFiles, anonymisedOrders] = await Promise.all([
    deleteExpiredSessions(db),
    deleteEndedAccountTokens(db),
    deleteEndedRateLimits(db),
    deleteUnclaimedUploads(db, storage, unclaimedBefore),
    deleteUnsavedBrandFiles(db, storage, unclaimedBefore),
    applyRetention(db, retention, now),
  ]);
  return { uploads, brandFiles, anonymisedOrders };
}
