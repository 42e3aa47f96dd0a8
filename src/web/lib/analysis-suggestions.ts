import type { AnalysisResult } from "./queries/ai";

/*
 * How an AI answer is read wherever it fills a product form: quick-create and the seller's add product
 * page (decision 0009: the offline AI says how sure it is).
 */

/**
 * Below this the offline AI does not trust its own label; a cloud AI names no category but says 0.9
 * when it is sure. Either way an unsure answer's title is a guess the seller should replace.
 */
const SURE_WITH_CATEGORY = 0.4;
const SURE_WITHOUT_CATEGORY = 0.8;

export function isUnsure(result: Pick<AnalysisResult, "category" | "confidence">): boolean {
  return result.confidence < (result.category ? SURE_WITH_CATEGORY : SURE_WITHOUT_CATEGORY);
}

/** The AI's price as spec 5 wants it: digits with up to two decimals, "0" when it gave none. */
export function suggestedPrice(text: string): string {
  const match = /^\d{1,8}(\.\d{1,2})?/.exec(text.replace(/[^\d.]/g, ""));
  return match ? match[0].replace(/\.$/, "") : "0";
}

/**
 * The AI's search-engine texts, only while the product still has the title (and description) they
 * were written for; after the seller renamed it, the server writes fresh ones.
 */
export function currentSeo(
  product: Record<
    "title" | "description" | "seoTitle" | "seoDescription" | "aiTitle" | "aiDescription",
    string
  >,
): {
  seoTitle?: string;
  seoDescription?: string;
} {
  const sameTitle = product.title.trim() === product.aiTitle.trim();
  const sameDescription = sameTitle && product.description.trim() === product.aiDescription.trim();
  return {
    ...(sameTitle && product.seoTitle ? { seoTitle: product.seoTitle } : {}),
    ...(sameDescription && product.seoDescription ? { seoDescription: product.seoDescription } : {}),
  };
}
