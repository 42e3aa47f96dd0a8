import { z } from "./zod";
/** docs/product-spec.md 3's AI analysis result, plus what Torg's analysis adds: the category it recognised and how sure it was. */
export const analysisResultSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Digits only, e.g. "350". */
  suggestedPrice: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  /** The stored photo ("/uploads/products/…-1600.webp"): a product can point at it instead of uploading again. */
  imageUrl: z.string(),
  /**
   * An improved copy of the photo (decision 0062): framed around the product, white balance and exposure
   * corrected, stored like `imageUrl`. Only when it differs meaningfully from the photo; the seller may
   * choose it instead ("Use the improved photo"), and housekeeping removes it a day later if nobody does.
   */
  enhancedImageUrl: z.string().optional(),
  /** `coordinates` as a place in the improved copy; with `enhancedImageUrl` only. */
  enhancedCoordinates: z.object({ x: z.number(), y: z.number() }).nullable().optional(),
  altText: z.string(),
  /** Where the product sits in the photo, in percent of its width and height. */
  coordinates: z.object({ x: z.number(), y: z.number() }).nullable(),
  /** "cup", "vase"…, or null when the AI could not tell. */
  category: z.string().nullable(),
  /** 0 to 1. */
  confidence: z.number(),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** One photo's outcome in POST /api/products/analyze-multiple: one bad photo does not sink the others. */
export const analysisItemSchema = z.discriminatedUnion("ok", [
  z.object({ index: z.number(), fileName: z.string(), ok: z.literal(true), result: analysisResultSchema }),
  z.object({
    index: z.number(),
    fileName: z.string(),
    ok: z.literal(false),
    error: z.string(),
    status: z.number(),
  }),
]);
export type AnalysisOutcome = z.infer<typeof analysisItemSchema>;
