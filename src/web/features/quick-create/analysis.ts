import { isUnsure, suggestedPrice } from "../../lib/analysis-suggestions";
import type { AnalysisResult } from "../../lib/queries/ai";
import type { DraftProduct } from "./draft";

/** An AI answer becomes a draft product (the rules it follows are shared with add product). */
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
  };
}
