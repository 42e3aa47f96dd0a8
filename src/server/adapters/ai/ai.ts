import type { Language } from "../../../shared/preferences";

/** What any AI provider answers about one product photo (docs/product-spec.md 3, AI analysis result). */
export interface ProductAnalysis {
  title: string;
  description: string;
  /** Whole or decimal kroner as text, digits only (docs/product-spec.md 3: non-digit characters stripped). */
  suggestedPrice: string;
  seoTitle: string;
  seoDescription: string;
  altText: string;
  /** Where the product sits, in percent of the image's width and height. */
  coordinates: { x: number; y: number } | null;
  /**
   * Where the product sits as a box, in fractions of the image: left, top, right, bottom; null when the
   * provider gives only a point. The improved copy is framed around it (decision 0062).
   */
  box: readonly [number, number, number, number] | null;
  /** The shop category the provider settled on, when it is sure enough ("cup", "vase"...), else null. */
  category: string | null;
  /** How sure the provider is of what the product is, 0..1. */
  confidence: number;
}

export interface AnalysisImage {
  /** Upright pixels, at most 1600 px on the long side, no metadata. */
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface AnalysisContext {
  language: Language;
  /** The seller's own prices for products of a category, for price suggestions (empty when anonymous). */
  sellerPrices(category: string | null): Promise<string[]>;
}

export interface ProviderCall {
  analysis: ProductAnalysis;
  /** What was asked, for the AI log. */
  prompt: string;
  /** The provider's raw answer, for the AI log. */
  rawResponse: string;
  tokens: number | null;
}

export interface AiProvider {
  readonly name: string;
  analyze(image: AnalysisImage, context: AnalysisContext): Promise<ProviderCall>;
}

/** A provider failure with a message fit for the seller and an HTTP-ish status for the AI log. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly rawResponse?: string,
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}
