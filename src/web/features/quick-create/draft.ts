/**
 * The quick-create draft (docs/product-spec.md 2.14, decision 0005): what a visitor builds before there is an account.
 * Images are uploaded during analysis, so a draft holds only their URLs and survives a reload. How the
 * flow moves between steps is machine.ts; the rules around the draft each have their own file:
 * files.ts (which photos), analysis.ts (AI answer to product), validation.ts, save-request.ts, storage.ts.
 */

export type QuickCreateStep = "upload" | "upload-multiple" | "analysis" | "store" | "register" | "success";
/** How the photos came in: one photo (single-product store) or several (a grid of products). */
export type UploadMode = "single" | "multiple";

/** One version of an analysed photo: its address and where the product is in it. */
export interface PhotoVersion {
  url: string;
  coordinates: { x: number; y: number } | null;
}

export interface DraftProduct {
  /** A key of this draft only, for lists and the editor. */
  id: string;
  title: string;
  description: string;
  /** Digits with an optional 1 to 2 decimals; docs/product-spec.md 5's default is "0". */
  price: string;
  /** A whole number as text, "" for unlimited; a product from a photo starts at "1" (decision 0032). */
  stockQty: string;
  imageUrl: string;
  coordinates: { x: number; y: number } | null;
  category: string | null;
  altText: string;
  seoTitle: string;
  seoDescription: string;
  /** What the AI wrote: its search-engine texts are sent only while they still describe the product. */
  aiTitle: string;
  aiDescription: string;
  /** The AI could not tell what the photo shows, so the seller names it. */
  unsure: boolean;
  fileName: string;
  /** More photos of this same product, grouped in by the visitor (decision 0033), after `imageUrl`. */
  extraImageUrls?: string[];
  /**
   * The analysis offered an improved copy (decision 0062): both versions, so the visitor can switch
   * either way; `imageUrl` and `coordinates` are the one in use.
   */
  photoChoice?: { original: PhotoVersion; improved: PhotoVersion };
}

export interface StoreDraft {
  name: string;
  linkQrCode: boolean;
  qrCode: string;
  seoTitle: string;
  seoDescription: string;
}

export interface QuickCreateDraft {
  step: QuickCreateStep;
  mode: UploadMode;
  products: DraftProduct[];
  store: StoreDraft;
  /** docs/product-spec.md 3's registration draft: never the password. */
  registration: { fullName: string; email: string };
}

export const EMPTY_STORE: StoreDraft = {
  name: "",
  linkQrCode: false,
  qrCode: "",
  seoTitle: "",
  seoDescription: "",
};

export function emptyDraft(): QuickCreateDraft {
  return {
    step: "upload",
    mode: "single",
    products: [],
    store: { ...EMPTY_STORE },
    registration: { fullName: "", email: "" },
  };
}
