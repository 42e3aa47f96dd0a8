import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AnalysisResult } from "../../../shared/ai";
import type { Language } from "../../../shared/preferences";
import {
  type AiProvider,
  AiProviderError,
  type AnalysisImage,
  type ProductAnalysis,
} from "../../adapters/ai";
import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { aiLogs, productImages, products, storeMembers, type users } from "../../db/schema";
import { memberStoreIds } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import {
  deleteStoredImage,
  improvePhoto,
  type PreparedImage,
  pointInFrame,
  prepareImage,
  type StoredImage,
  storeImageVariants,
} from "../images";

type User = typeof users.$inferSelect;

export interface AnalyseOptions {
  endpoint: string;
  user: User | null;
  storeId?: string;
  language: Language;
  /** As uploaded: refusals name the file. */
  fileName?: string;
  log?: Pick<FastifyBaseLogger, "warn">;
}

/** The seller's own prices for similar products (same category), newest first; none for visitors. */
async function sellerPrices(db: Db, user: User | null, category: string | null): Promise<string[]> {
  if (!user) return [];
  const rows = await db
    .select({ price: products.basePrice })
    .from(products)
    .innerJoin(
      storeMembers,
      and(eq(storeMembers.storeId, products.storeId), eq(storeMembers.userId, user.id)),
    )
    .innerJoin(
      productImages,
      and(eq(productImages.productId, products.id), eq(productImages.isPrimary, true)),
    )
    .where(sql`coalesce(${productImages.aiMeta}->>'category', 'item') = ${category ?? "item"}`)
    .orderBy(desc(products.createdAt))
    .limit(50);
  return rows.map((row) => row.price);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AiProviderError("The AI service did not answer in time", 504)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The improved copy, stored, when it differs meaningfully from the photo (decision 0062). */
async function storeImprovedCopy(
  storage: FileStorage,
  prepared: PreparedImage,
  analysis: ProductAnalysis,
): Promise<{ stored: StoredImage; coordinates: AnalysisResult["coordinates"] } | undefined> {
  const improved = await improvePhoto(prepared, analysis.box);
  if (!improved.meaningful) return undefined;
  const stored = await storeImageVariants(storage, improved.image);
  const original = { width: prepared.info.width, height: prepared.info.height };
  return {
    stored,
    coordinates: analysis.coordinates && pointInFrame(analysis.coordinates, improved.frame, original),
  };
}

/**
 * One photo through the image pipeline (checks, upright, metadata stripped, stored in three widths)
 * and the AI provider, then an improved copy framed where the provider found the product. Every
 * provider call, good or failed, is written to AiLog.
 */
export async function analyseImage(
  deps: { db: Db; storage: FileStorage; provider: AiProvider; timeoutMs: number },
  file: Buffer,
  options: AnalyseOptions,
): Promise<AnalysisResult> {
  const prepared = await prepareImage(file, { fileName: options.fileName });
  // Storing runs on sharp's threads while the model runs on this one: the two overlap. The photo waits
  // to be claimed by a product or store; the housekeeping sweep deletes it a day later if none does.
  const storing = storeImageVariants(deps.storage, prepared);
  // Awaited below; this only keeps an early failure from counting as unhandled meanwhile.
  storing.catch(() => {});
  const image: AnalysisImage = {
    pixels: prepared.pixels,
    width: prepared.info.width,
    height: prepared.info.height,
    channels: prepared.info.channels,
  };
  const started = performance.now();
  let improvedCopy: Awaited<ReturnType<typeof storeImprovedCopy>>;
  const log = {
    endpoint: options.endpoint,
    storeId: options.storeId ?? null,
    userId: options.user?.id ?? null,
  };
  try {
    const call = await withTimeout(
      deps.provider.analyze(image, {
        language: options.language,
        sellerPrices: (category) => sellerPrices(deps.db, options.user, category),
      }),
      deps.timeoutMs,
    );
    const processingTimeMs = Math.round(performance.now() - started);
    const original = await storing;
    // The improved copy is an offer: when making it fails, the analysis still answers, with the photo as taken.
    improvedCopy = await storeImprovedCopy(deps.storage, prepared, call.analysis).catch((error: unknown) => {
      options.log?.warn({ err: error }, "the improved copy of an analysed photo failed");
      return undefined;
    });
    await deps.db.insert(aiLogs).values({
      ...log,
      prompt: call.prompt,
      response: call.rawResponse,
      responseStatus: 200,
      processingTimeMs,
      tokens: call.tokens,
    });
    const { analysis } = call;
    return {
      title: analysis.title,
      description: analysis.description,
      suggestedPrice: analysis.suggestedPrice.replace(/[^\d.]/g, ""),
      seoTitle: analysis.seoTitle,
      seoDescription: analysis.seoDescription,
      imageUrl: original.url,
      ...(improvedCopy && {
        enhancedImageUrl: improvedCopy.stored.url,
        enhancedCoordinates: improvedCopy.coordinates,
      }),
      altText: analysis.altText,
      coordinates: analysis.coordinates,
      category: analysis.category,
      confidence: Math.round(analysis.confidence * 100) / 100,
    };
  } catch (error) {
    const status = error instanceof AiProviderError ? error.status : 500;
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.insert(aiLogs).values({
      ...log,
      prompt: `${deps.provider.name} on ${image.width}×${image.height}`,
      response: error instanceof AiProviderError ? (error.rawResponse ?? null) : null,
      responseStatus: status,
      processingTimeMs: Math.round(performance.now() - started),
      error: message.slice(0, 2000),
    });
    const stored = await storing.catch(() => undefined);
    if (stored) await deleteStoredImage(deps.storage, stored.keys);
    if (improvedCopy) await deleteStoredImage(deps.storage, improvedCopy.stored.keys);
    if (!(error instanceof AiProviderError) && error instanceof HttpError) throw error;
    throw new HttpError(502, "analysisFailed", { reason: message });
  }
}

/** Which AI logs a user sees (decision 0009): calls they made or made for their stores; a platform admin sees all. */
export async function aiLogScope(db: Db, user: typeof users.$inferSelect): Promise<SQL | undefined> {
  if (user.isAdmin) return undefined;
  const storeIds = await memberStoreIds(db, user.id);
  return storeIds.length
    ? or(eq(aiLogs.userId, user.id), inArray(aiLogs.storeId, storeIds))
    : eq(aiLogs.userId, user.id);
}
