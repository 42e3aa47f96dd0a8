/** docs/product-spec.md 3's AI analysis result, plus what Torg's analysis adds: the category it recognised and how sure it was. */
export interface AnalysisResult {
  title: string;
  description: string;
  /** Digits only, e.g. "350". */
  suggestedPrice: string;
  seoTitle: string;
  seoDescription: string;
  /** The stored photo ("/uploads/products/…-1600.webp"): a product can point at it instead of uploading again. */
  imageUrl: string;
  altText: string;
  /** Where the product sits in the photo, in percent of its width and height. */
  coordinates: { x: number; y: number } | null;
  /** "cup", "vase"…, or null when the AI could not tell. */
  category: string | null;
  /** 0 to 1. */
  confidence: number;
}
