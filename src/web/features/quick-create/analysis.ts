import { isUnsure, suggestedPrice } from "../../lib/analysis-suggestions";
import type { AnalysisResult } from "../../lib/queries/ai";
import type { DraftProduct } from "./draft";

/**
 * An AI answer becomes a draft product (the rules it follows are shared with add product); an improved
 * copy, when offered, waits to be chosen (decision 0062).
 */
export function productFromAnalysis(result: AnalysisResult, fileName: string, id: string): DraftProduct {
  const unsure = isUnsure(result);
  return {
    id,
    title: unsure ? "" : result.title,
    description: result.description,
    price: suggestedPrice(result.suggestedPrice),
    stockQty: "1",
    imageUrl: result.imageUrl,
    coordinates: result.coordinates,
    category: result.category,
    altText: result.altText,
    seoTitle: result.seoTitle,
    seoDescription: result.seoDescription,
    aiTitle: result.title,
    aiDescription: result.description,
    unsure,
    fileName,
    ...(result.enhancedImageUrl && {
      photoChoice: {
        original: { url: result.imageUrl, coordinates: result.coordinates },
        improved: { url: result.enhancedImageUrl, coordinates: result.enhancedCoordinates ?? null },
      },
    }),
  };
}

/** Whether a draft shows the improved copy of its photo. */
export function usesImprovedPhoto(product: Pick<DraftProduct, "imageUrl" | "photoChoice">): boolean {
  return product.photoChoice?.improved.url === product.imageUrl;
}

/** The change that makes the improved copy (or the photo as taken) the draft's photo, marker included. */
export function photoChoicePatch(
  product: Pick<DraftProduct, "photoChoice">,
  useImproved: boolean,
): Pick<DraftProduct, "imageUrl" | "coordinates"> | null {
  const choice = product.photoChoice;
  if (!choice) return null;
  const version = useImproved ? choice.improved : choice.original;
  return { imageUrl: version.url, coordinates: version.coordinates };
}
