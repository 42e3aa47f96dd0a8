import type { PhotoRefusal } from "../../../shared/image-limits";
import type { QuickStoreResult } from "./api";
import type { DraftProduct, QuickCreateDraft, QuickCreateStep, StoreDraft, UploadMode } from "./draft";
import { mergeProducts } from "./grouping";
import { validateDraft } from "./validation";

/*
 * Quick-create as one state machine (decision 0028). Everything the flow remembers is QuickCreateState;
 * everything that can happen to it is a QuickCreateEvent; `quickCreateReducer` is the only thing that
 * changes it, with no I/O, so it is tested without a browser. Calling the AI and the server, storage,
 * toasts and focus are the hook's (use-quick-create.ts); the page is a switch over the step (flow.tsx).
 *
 * Steps (docs/product-spec.md 2.14): upload | upload-multiple -> analysis -> store -> register (signed out only) -> success.
 */

/**
 * docs/product-spec.md 2.14's back arrow, the whole rule: where the arrow goes from each step, by how the photos came in.
 * "home" leaves the flow for /; null: the step has no back arrow.
 */
export const BACK_ARROW: Record<QuickCreateStep, Record<UploadMode, QuickCreateStep | "home" | null>> = {
  upload: { single: "home", multiple: "home" },
  "upload-multiple": { single: "upload", multiple: "upload" },
  analysis: { single: "upload", multiple: "upload-multiple" },
  store: { single: "upload", multiple: "upload-multiple" },
  register: { single: "store", multiple: "store" },
  success: { single: null, multiple: null },
};

/** Where the back arrow goes from a step; "home" leaves the flow (also from a step without an arrow). */
export function previousStep(step: QuickCreateStep, mode: UploadMode): QuickCreateStep | "home" {
  return BACK_ARROW[step][mode] ?? "home";
}

/** Where a draft read back from storage resumes: analysis needs the files, which a reload loses. */
export function resumeStep(draft: QuickCreateDraft, signedIn: boolean): QuickCreateStep {
  const upload = draft.mode === "multiple" ? "upload-multiple" : "upload";
  if (draft.products.length === 0) return upload;
  if (draft.step === "register") return signedIn ? "store" : "register";
  if (draft.step === "store") return "store";
  return upload;
}

/** A photo chosen for analysis; `error` is why an earlier try failed. */
export interface ChosenFile {
  key: string;
  file: File;
  error?: string;
}

/** Photos a multi upload refused (each with a message naming it), and how many good ones did not fit. */
export interface Rejections {
  items: { key: string; name: string; problem: PhotoRefusal }[];
  overflow: number;
}

export interface AnalysisPhoto {
  key: string;
  file: File;
  status: "waiting" | "done" | "failed";
  error?: string;
}

/** One analysis under way: `total` is known once the server has the photos (its "start" line). */
export interface AnalysisRun {
  mode: UploadMode;
  photos: AnalysisPhoto[];
  total: number | null;
  done: number;
}

/** A photo of the last multi upload the AI could not read, named on the store step. */
export interface AnalysisFailure {
  key: string;
  name: string;
  error: string;
}

export interface QuickCreateState {
  /** The draft; `draft.step` is the step on screen. */
  draft: QuickCreateDraft;
  /** Photos chosen on the multi upload and not yet analysed (or whose analysis failed). */
  files: ChosenFile[];
  rejections: Rejections | null;
  /** What is wrong with the one photo picked, if anything, as a message naming it. */
  singleError: PhotoRefusal | null;
  run: AnalysisRun | null;
  failures: AnalysisFailure[];
  /** Set by the first "Create My Store": from then on the fields show their errors. */
  showErrors: boolean;
  /** The server's answer when the chosen QR code text is taken. */
  qrTaken: string | null;
  created: { result: QuickStoreResult; products: DraftProduct[] } | null;
  /** A pending store is being saved right after login: a waiting screen instead of a step. */
  finishing: boolean;
  /** How many times the flow moved to a step: each move scrolls up, and after the first, headings take focus. */
  moves: number;
}

export type QuickCreateEvent =
  | { type: "back" }
  | { type: "switchedToMultiple" }
  | { type: "continuedToStore" }
  | { type: "singlePicked"; key: string; file: File; problem: PhotoRefusal | null }
  | { type: "singleAnalysed" }
  | { type: "singleApplied"; product: DraftProduct }
  | { type: "analysisFailed" }
  | { type: "filesAdded"; accepted: ChosenFile[]; rejections: Rejections }
  | { type: "fileRemoved"; key: string }
  | { type: "multipleStarted" }
  | { type: "streamStarted"; total: number }
  | { type: "photoAnalysed"; index: number; done: number; total: number; error: string | null }
  | { type: "multipleFinished"; added: DraftProduct[]; failed: ChosenFile[] }
  | { type: "analysisShown" }
  | { type: "productChanged"; id: string; patch: Partial<DraftProduct> }
  | { type: "productRemoved"; id: string }
  /** Two drafts show the same product: `fromId`'s photos join `intoId`'s (decision 0033). */
  | { type: "productMerged"; fromId: string; intoId: string }
  | { type: "storeChanged"; patch: Partial<StoreDraft> }
  | { type: "failuresDismissed" }
  | { type: "registrationChanged"; registration: QuickCreateDraft["registration"] }
  | { type: "storeSubmitted"; signedIn: boolean }
  | { type: "saveStarted" }
  | { type: "pendingResumed"; pending: QuickCreateDraft }
  | { type: "saved"; result: QuickStoreResult; products: DraftProduct[] }
  | { type: "saveFailed"; status: number | null; qrMessage: string };

export function initialState(draft: QuickCreateDraft): QuickCreateState {
  return {
    draft,
    files: [],
    rejections: null,
    singleError: null,
    run: null,
    failures: [],
    showErrors: false,
    qrTaken: null,
    created: null,
    finishing: false,
    moves: 0,
  };
}

/** What "Create My Store" leads to: nothing while the draft has errors, else register or save. */
export function storeSubmission(state: QuickCreateState, signedIn: boolean): "invalid" | "register" | "save" {
  if (validateDraft(state.draft).count > 0 || state.qrTaken) return "invalid";
  return signedIn ? "save" : "register";
}

const uploadStep = (mode: UploadMode): QuickCreateStep =>
  mode === "multiple" ? "upload-multiple" : "upload";

function go(state: QuickCreateState, step: QuickCreateStep): QuickCreateState {
  return { ...state, draft: { ...state.draft, step }, moves: state.moves + 1 };
}

function withDraft(state: QuickCreateState, patch: Partial<QuickCreateDraft>): QuickCreateState {
  return { ...state, draft: { ...state.draft, ...patch } };
}

export function quickCreateReducer(state: QuickCreateState, event: QuickCreateEvent): QuickCreateState {
  const { draft } = state;
  switch (event.type) {
    case "back": {
      const target = BACK_ARROW[draft.step][draft.mode];
      return target && target !== "home" ? go(state, target) : state;
    }
    case "switchedToMultiple":
      return go(state, "upload-multiple");
    case "continuedToStore":
      return go(state, "store");
    case "singlePicked": {
      if (event.problem) return { ...state, singleError: event.problem };
      const photos: AnalysisPhoto[] = [{ key: event.key, file: event.file, status: "waiting" }];
      const started = {
        ...state,
        singleError: null,
        run: { mode: "single" as const, photos, total: 1, done: 0 },
      };
      return go(withDraft(started, { mode: "single" }), "analysis");
    }
    case "singleAnalysed":
      if (!state.run) return state;
      return {
        ...state,
        run: {
          ...state.run,
          done: 1,
          photos: state.run.photos.map((photo) => ({ ...photo, status: "done" })),
        },
      };
    case "singleApplied":
      return go(
        withDraft({ ...state, failures: [], showErrors: false }, { products: [event.product] }),
        "store",
      );
    case "analysisFailed":
      // docs/product-spec.md 2.14: a failed analysis returns to the upload it came from.
      return go(state, uploadStep(draft.mode));
    case "filesAdded":
      return { ...state, rejections: event.rejections, files: [...state.files, ...event.accepted] };
    case "fileRemoved":
      return { ...state, files: state.files.filter((chosen) => chosen.key !== event.key) };
    case "multipleStarted": {
      const cleared = withDraft({ ...state, rejections: null }, { mode: "multiple" });
      if (state.files.length === 0) return go(cleared, "store");
      const photos = state.files.map(({ key, file }): AnalysisPhoto => ({ key, file, status: "waiting" }));
      return go({ ...cleared, run: { mode: "multiple", photos, total: null, done: 0 } }, "analysis");
    }
    case "streamStarted":
      return state.run ? { ...state, run: { ...state.run, total: event.total } } : state;
    case "photoAnalysed": {
      if (!state.run) return state;
      const photos = state.run.photos.map(
        (photo, index): AnalysisPhoto =>
          index === event.index
            ? { ...photo, status: event.error === null ? "done" : "failed", error: event.error ?? undefined }
            : photo,
      );
      return { ...state, run: { ...state.run, total: event.total, done: event.done, photos } };
    }
    case "multipleFinished": {
      const count = event.added.length + event.failed.length;
      const finished: QuickCreateState = {
        ...state,
        files: event.failed,
        failures: event.failed.map((chosen) => ({
          key: chosen.key,
          name: chosen.file.name,
          error: chosen.error ?? "",
        })),
        run: state.run && { ...state.run, total: count, done: count },
      };
      if (event.added.length === 0) return go(finished, "upload-multiple");
      // The products join at once; the step changes after a pause (analysisShown), so the last tick shows.
      return withDraft({ ...finished, showErrors: false }, { products: [...draft.products, ...event.added] });
    }
    case "analysisShown":
      return go(state, "store");
    case "productChanged":
      return withDraft(state, {
        products: draft.products.map((product) =>
          product.id === event.id ? { ...product, ...event.patch } : product,
        ),
      });
    case "productRemoved":
      return withDraft(state, { products: draft.products.filter((product) => product.id !== event.id) });
    case "productMerged":
      return withDraft(state, { products: mergeProducts(draft.products, event.fromId, event.intoId) });
    case "storeChanged": {
      const qrTouched = "qrCode" in event.patch || "linkQrCode" in event.patch;
      return withDraft(qrTouched ? { ...state, qrTaken: null } : state, {
        store: { ...draft.store, ...event.patch },
      });
    }
    case "failuresDismissed":
      return { ...state, failures: [] };
    case "registrationChanged":
      return withDraft(state, { registration: event.registration });
    case "storeSubmitted": {
      const shown = { ...state, showErrors: true };
      return storeSubmission(state, event.signedIn) === "register" ? go(shown, "register") : shown;
    }
    case "saveStarted":
      return { ...state, qrTaken: null };
    case "pendingResumed":
      return { ...state, draft: { ...event.pending, step: "store" }, finishing: true };
    case "saved":
      return go(
        { ...state, created: { result: event.result, products: event.products }, finishing: false },
        "success",
      );
    case "saveFailed": {
      const failed: QuickCreateState =
        event.status === 409
          ? { ...state, finishing: false, qrTaken: event.qrMessage, showErrors: true }
          : { ...state, finishing: false };
      // Signed out meanwhile (401): the account step again; anything else: back to the store to retry.
      return go(failed, event.status === 401 ? "register" : "store");
    }
  }
}
