import { MAX_PHOTOS } from "../../../shared/image-limits";
import { z } from "../../../shared/zod";
import type { QuickCreateDraft } from "./draft";

/**
 * The draft kept in browser storage: the tab's draft survives a reload, and a pending one survives the
 * trip to /login (decision 0005). What is read back is parsed, never trusted.
 */

/** decision 0005: a draft waiting for its maker to log in, in local storage so it survives the trip to /login. */
export const PENDING_STORE_KEY = "pendingStore";
/** The draft in progress, in session storage so a reload of the tab keeps it. */
export const SESSION_DRAFT_KEY = "torg-quick-create";
/** A pending draft older than this is not saved on its own any more: its maker may have moved on. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const text = (max: number) => z.string().max(max).catch("");
const photoVersion = z.object({
  url: z.string().max(500),
  coordinates: z.object({ x: z.number(), y: z.number() }).nullable(),
});
const storedProduct = z.object({
  id: z.string().min(1).max(100),
  title: text(200),
  description: text(5000),
  price: text(20),
  // A draft saved before stock existed: one of a kind, as a new one would be (decision 0032).
  stockQty: z.string().max(10).catch("1"),
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
  extraImageUrls: z
    .array(z.string().max(500))
    .max(MAX_PHOTOS - 1)
    .optional()
    .catch(undefined),
  photoChoice: z.object({ original: photoVersion, improved: photoVersion }).optional().catch(undefined),
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
