import { quickProductSchema, quickStoreDetailsSchema } from "../../../shared/quickstore";
import { z } from "../../../shared/zod";
import type { AnalysisResult } from "../../lib/queries/ai";

/**
 * The quick-create flow's pure logic (spec 2.14, D5): the draft a visitor builds, the step rules, the
 * file checks, the request that saves it, and how it is kept in browser storage. Images are uploaded
 * during analysis, so a draft holds only their URLs and survives a reload.
 */

export type QuickCreateStep = "upload" | "upload-multiple" | "analysis" | "store" | "register" | "success";
/** How the photos came in: one photo (single-product store) or several (a grid of products). */
export type UploadMode = "single" | "multiple";

export interface DraftProduct {
  /** A key of this draft only, for lists and the editor. */
  id: string;
  title: string;
  description: string;
  /** Digits with an optional 1 to 2 decimals; spec 5's default is "0". */
  price: string;
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
  /** Spec 3's registration draft: never the password. */
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

/* ---------------------------------------------------------------- steps */

/** Spec 2.14's back arrow; "home" leaves the flow for /. */
export function previousStep(step: QuickCreateStep, mode: UploadMode): QuickCreateStep | "home" {
  switch (step) {
    case "register":
      return "store";
    case "store":
    case "analysis":
      return mode === "multiple" ? "upload-multiple" : "upload";
    case "upload-multiple":
      return "upload";
    default:
      return "home";
  }
}

/** Where a draft read back from storage resumes: analysis needs the files, which a reload loses. */
export function resumeStep(draft: QuickCreateDraft, signedIn: boolean): QuickCreateStep {
  const upload = draft.mode === "multiple" ? "upload-multiple" : "upload";
  if (draft.products.length === 0) return upload;
  if (draft.step === "register") return signedIn ? "store" : "register";
  if (draft.step === "store") return "store";
  return upload;
}

/* ---------------------------------------------------------------- files */

/** Spec 5 and 9: 5 MB per photo; JPG, PNG or WEBP, and HEIC too in a multi upload of at most 10. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 10;
export const SINGLE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MULTIPLE_TYPES = [...SINGLE_TYPES, "image/heic", "image/heif"] as const;
/** The file input's accept list: browsers that do not know HEIC's type still offer it by extension. */
export const MULTIPLE_ACCEPT = [...MULTIPLE_TYPES, ".heic", ".heif"].join(",");
export const SINGLE_ACCEPT = SINGLE_TYPES.join(",");

type FileLike = Pick<File, "name" | "type" | "size">;

export function isHeic(file: FileLike): boolean {
  return /^image\/hei[cf]$/.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

/** The i18n key of what is wrong with a photo, or null when it may be uploaded. */
export function fileProblem(file: FileLike, mode: UploadMode): string | null {
  const allowed =
    (SINGLE_TYPES as readonly string[]).includes(file.type) || (mode === "multiple" && isHeic(file));
  if (!allowed)
    return mode === "multiple" ? "errors.imageTypeUnsupportedHeic" : "errors.imageTypeUnsupported";
  if (file.size > MAX_FILE_BYTES) return "errors.imageTooLarge";
  return null;
}

export interface FileSelection<F extends FileLike> {
  accepted: F[];
  rejected: { name: string; problem: string }[];
  /** Good photos left out because the upload would pass 10. */
  overflow: number;
}

/** Sorts newly chosen photos into those that fit beside `alreadyChosen` and those that do not. */
export function selectFiles<F extends FileLike>(files: F[], alreadyChosen: number): FileSelection<F> {
  const selection: FileSelection<F> = { accepted: [], rejected: [], overflow: 0 };
  for (const file of files) {
    const problem = fileProblem(file, "multiple");
    if (problem) selection.rejected.push({ name: file.name, problem });
    else if (alreadyChosen + selection.accepted.length >= MAX_PHOTOS) selection.overflow++;
    else selection.accepted.push(file);
  }
  return selection;
}

/** Spec 9: the analysis step shows the first 6 photos and a "+N more" tile for the rest. */
export const THUMBNAIL_LIMIT = 6;

export function thumbnailTiles<T>(items: T[], limit = THUMBNAIL_LIMIT): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/* ---------------------------------------------------------------- analysis */

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

export function productFromAnalysis(result: AnalysisResult, fileName: string, id: string): DraftProduct {
  const unsure = isUnsure(result);
  return {
    id,
    title: unsure ? "" : result.title,
    description: result.description,
    price: suggestedPrice(result.suggestedPrice),
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

/**
 * The AI's search-engine texts, only while the product still has the title (and description) they
 * were written for; after the seller renamed it, the server writes fresh ones.
 */
export function currentSeo(
  product: Pick<
    DraftProduct,
    "title" | "description" | "seoTitle" | "seoDescription" | "aiTitle" | "aiDescription"
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

/* ---------------------------------------------------------------- validation */

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type ProductErrors = FieldErrors<"title" | "description" | "price">;
export type StoreErrors = FieldErrors<"name" | "qrCode" | "seoTitle" | "seoDescription">;

function issuesByField<K extends string>(issues: z.core.$ZodIssue[], fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !errors[field as K]) {
      errors[field as K] = issue.message;
    }
  }
  return errors;
}

const PRODUCT_FIELDS = ["title", "description", "price"] as const;
const STORE_FIELDS = ["name", "qrCode", "seoTitle", "seoDescription"] as const;

/** Spec 5's quick-create rules for one product; messages are i18n keys. */
export function validateProduct(
  product: Pick<DraftProduct, "title" | "description" | "price">,
): ProductErrors {
  const result = quickProductSchema
    .pick({ title: true, description: true, price: true })
    .safeParse({ title: product.title, description: product.description, price: product.price });
  return result.success ? {} : issuesByField(result.error.issues, PRODUCT_FIELDS);
}

export function validateStore(store: StoreDraft): StoreErrors {
  const result = quickStoreDetailsSchema.safeParse(storeDetails(store, "single"));
  return result.success ? {} : issuesByField(result.error.issues, STORE_FIELDS);
}

export interface DraftErrors {
  store: StoreErrors;
  products: Record<string, ProductErrors>;
  count: number;
}

export function validateDraft(draft: Pick<QuickCreateDraft, "products" | "store">): DraftErrors {
  const store = validateStore(draft.store);
  const products: Record<string, ProductErrors> = {};
  let count = Object.keys(store).length;
  for (const product of draft.products) {
    const errors = validateProduct(product);
    const found = Object.keys(errors).length;
    if (found) products[product.id] = errors;
    count += found;
  }
  return { store, products, count };
}

/* ---------------------------------------------------------------- saving */

/** What the quickstore calls take (the schemas' input side). */
export type QuickStoreDetails = z.input<typeof quickStoreDetailsSchema>;
export type QuickProduct = z.input<typeof quickProductSchema>;

function storeDetails(store: StoreDraft, mode: UploadMode): QuickStoreDetails {
  const details: QuickStoreDetails = { name: store.name.trim(), linkQrCode: store.linkQrCode };
  if (store.linkQrCode && store.qrCode.trim()) details.qrCode = store.qrCode.trim();
  // Spec 2.14: only a single-product store asks for its SEO texts; several get generated ones.
  if (mode === "single" && store.seoTitle.trim()) details.seoTitle = store.seoTitle.trim();
  if (mode === "single" && store.seoDescription.trim()) details.seoDescription = store.seoDescription.trim();
  return details;
}

function quickProduct(product: DraftProduct): QuickProduct {
  return {
    title: product.title.trim(),
    description: product.description.trim(),
    price: product.price.trim(),
    imageUrl: product.imageUrl,
    coordinates: product.coordinates,
    category: product.category,
    ...(product.altText ? { altText: product.altText } : {}),
    ...currentSeo(product),
  };
}

export type QuickStoreRequest =
  | { path: "/api/quickstore"; body: { store: QuickStoreDetails; product: QuickProduct } }
  | { path: "/api/quickstore/multiple"; body: { store: QuickStoreDetails; products: QuickProduct[] } };

/** POST /api/quickstore for a one-photo draft, /api/quickstore/multiple for several photos. */
export function quickStoreRequest(
  draft: Pick<QuickCreateDraft, "mode" | "products" | "store">,
): QuickStoreRequest {
  const store = storeDetails(draft.store, draft.mode);
  const [first] = draft.products;
  if (draft.mode === "single" && first) {
    return { path: "/api/quickstore", body: { store, product: quickProduct(first) } };
  }
  return { path: "/api/quickstore/multiple", body: { store, products: draft.products.map(quickProduct) } };
}

/** The created store's public address, as the success step shows it. */
export function storeAddress(origin: string, slug: string): string {
  return `${origin}/s/${encodeURIComponent(slug)}`;
}

/* ---------------------------------------------------------------- storage */

/** D5: a draft waiting for its maker to log in, in local storage so it survives the trip to /login. */
export const PENDING_STORE_KEY = "pendingStore";
/** The draft in progress, in session storage so a reload of the tab keeps it. */
export const SESSION_DRAFT_KEY = "torg-quick-create";
/** A pending draft older than this is not saved on its own any more: its maker may have moved on. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const text = (max: number) => z.string().max(max).catch("");
const storedProduct = z.object({
  id: z.string().min(1).max(100),
  title: text(200),
  description: text(5000),
  price: text(20),
  imageUrl: z.string().max(500),
  coordinates: z.object({ x: z.number(), y: z.number() }).nullable().catch(null),
  category: z.string().max(40).nullable().catch(null),
  altText: text(500),
  seoTitle: text(120),
  seoDescription: text(320),
  aiTitle: text(200),
  aiDescription: text(5000),
  unsure: z.boolean().catch(false),
  fileName: text(260),
});
const storedDraft = z.object({
  step: z.enum(["upload", "upload-multiple", "analysis", "store", "register", "success"]).catch("upload"),
  mode: z.enum(["single", "multiple"]).catch("single"),
  products: z.array(storedProduct).max(MAX_PHOTOS),
  store: z.object({
    name: text(200),
    linkQrCode: z.boolean().catch(false),
    qrCode: text(100),
    seoTitle: text(200),
    seoDescription: text(500),
  }),
  registration: z.object({ fullName: text(200), email: text(300) }).catch({ fullName: "", email: "" }),
});
const storedPending = z.object({ savedAt: z.number(), draft: storedDraft });

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A draft read back from storage, or null when there is none or it cannot be trusted. */
export function parseDraft(raw: string | null): QuickCreateDraft | null {
  const parsed = storedDraft.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
}

/** Only the draft's own fields are written: a password typed into the form can never end up in storage. */
function storable(draft: QuickCreateDraft): QuickCreateDraft {
  const { step, mode, products, store, registration } = draft;
  return {
    step,
    mode,
    products,
    store,
    registration: { fullName: registration.fullName, email: registration.email },
  };
}

export function serializeDraft(draft: QuickCreateDraft): string {
  return JSON.stringify(storable(draft));
}

export function serializePending(draft: QuickCreateDraft, now: number): string {
  return JSON.stringify({ savedAt: now, draft: storable(draft) });
}

/** A pending draft that still has products and is younger than a day, else null. */
export function parsePending(raw: string | null, now: number): QuickCreateDraft | null {
  const parsed = storedPending.safeParse(parseJson(raw));
  if (!parsed.success) return null;
  const { savedAt, draft } = parsed.data;
  if (now - savedAt > PENDING_MAX_AGE_MS || savedAt - now > 60_000 || draft.products.length === 0)
    return null;
  return draft;
}

function storageOf(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: "local" | "session", key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes or removes a key; blocked storage only costs the reload safety net, so it is not an error. */
function write(kind: "local" | "session", key: string, value: string | null): boolean {
  try {
    const storage = storageOf(kind);
    if (!storage) return false;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export const draftStorage = {
  readSession: () => parseDraft(read("session", SESSION_DRAFT_KEY)),
  writeSession: (draft: QuickCreateDraft) => write("session", SESSION_DRAFT_KEY, serializeDraft(draft)),
  clearSession: () => write("session", SESSION_DRAFT_KEY, null),
  readPending: () => parsePending(read("local", PENDING_STORE_KEY), Date.now()),
  writePending: (draft: QuickCreateDraft) =>
    write("local", PENDING_STORE_KEY, serializePending(draft, Date.now())),
  clearPending: () => write("local", PENDING_STORE_KEY, null),
};
