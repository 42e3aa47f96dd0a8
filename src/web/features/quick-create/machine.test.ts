import { describe, expect, it } from "vitest";
import type { QuickStoreResult } from "./api";
import { type DraftProduct, emptyDraft, type QuickCreateDraft, type QuickCreateStep } from "./draft";
import {
  BACK_ARROW,
  initialState,
  previousStep,
  type QuickCreateEvent,
  type QuickCreateState,
  quickCreateReducer,
  storeSubmission,
} from "./machine";

const IMAGE = "/uploads/products/0f8fad5b-d9cb-469f-a165-70867728950e-1600.webp";

function product(overrides: Partial<DraftProduct> = {}): DraftProduct {
  return {
    id: "p1",
    title: "Blue mug",
    description: "A hand-thrown mug with a deep blue glaze.",
    price: "250",
    stockQty: "1",
    imageUrl: IMAGE,
    coordinates: null,
    category: "cup",
    altText: "A blue mug",
    seoTitle: "",
    seoDescription: "",
    aiTitle: "Blue mug",
    aiDescription: "A hand-thrown mug with a deep blue glaze.",
    unsure: false,
    fileName: "mug.jpg",
    ...overrides,
  };
}

function at(step: QuickCreateStep, overrides: Partial<QuickCreateDraft> = {}): QuickCreateState {
  return initialState({ ...emptyDraft(), step, ...overrides });
}

/** A store whose products and details pass docs/product-spec.md 5's rules. */
const ready = (step: QuickCreateStep = "store") =>
  at(step, { products: [product()], store: { ...emptyDraft().store, name: "Clay Corner" } });

const run = (state: QuickCreateState, ...events: QuickCreateEvent[]) =>
  events.reduce(quickCreateReducer, state);
const file = (name: string) => new File(["x"], name, { type: "image/jpeg" });

const RESULT: QuickStoreResult = {
  storeSlug: "clay-corner",
  store: {
    id: "s1",
    name: "Clay Corner",
    slug: "clay-corner",
    qrCode: null,
  } as unknown as QuickStoreResult["store"],
};

describe("the back arrow (docs/product-spec.md 2.14)", () => {
  it("is one table: register to store, store and analysis to the upload they came from, multi to single, upload home", () => {
    expect(BACK_ARROW).toEqual({
      upload: { single: "home", multiple: "home" },
      "upload-multiple": { single: "upload", multiple: "upload" },
      analysis: { single: "upload", multiple: "upload-multiple" },
      store: { single: "upload", multiple: "upload-multiple" },
      register: { single: "store", multiple: "store" },
      success: { single: null, multiple: null },
    });
  });

  it("moves the flow as the table says, and leaves the step for home to the page", () => {
    expect(run(ready("register"), { type: "back" }).draft.step).toBe("store");
    expect(run(ready("store"), { type: "back" }).draft.step).toBe("upload");
    expect(run(at("store", { mode: "multiple" }), { type: "back" }).draft.step).toBe("upload-multiple");
    expect(run(at("analysis", { mode: "multiple" }), { type: "back" }).draft.step).toBe("upload-multiple");
    expect(run(at("upload-multiple"), { type: "back" }).draft.step).toBe("upload");
    const upload = at("upload");
    expect(run(upload, { type: "back" })).toBe(upload);
    expect(previousStep("upload", "single")).toBe("home");
    // The success step has no arrow: "back" changes nothing there.
    const success = at("success");
    expect(run(success, { type: "back" })).toBe(success);
  });

  it("counts every move, so the page scrolls up and focuses the new heading", () => {
    const state = run(at("upload"), { type: "switchedToMultiple" }, { type: "back" });
    expect(state.draft.step).toBe("upload");
    expect(state.moves).toBe(2);
  });
});

describe("one photo", () => {
  it("refuses a wrong file where it is, and analyses a good one", () => {
    const refused = run(at("upload"), {
      type: "singlePicked",
      key: "k",
      file: file("a.gif"),
      problem: { key: "errors.photoNotImage", params: { name: "a.gif", mb: 5 } },
    });
    expect(refused.draft.step).toBe("upload");
    expect(refused.singleError).toEqual({ key: "errors.photoNotImage", params: { name: "a.gif", mb: 5 } });

    const started = run(refused, { type: "singlePicked", key: "k", file: file("mug.jpg"), problem: null });
    expect(started.singleError).toBeNull();
    expect(started.draft).toMatchObject({ step: "analysis", mode: "single" });
    expect(started.run).toMatchObject({ mode: "single", total: 1, done: 0 });

    const done = run(started, { type: "singleAnalysed" }, { type: "singleApplied", product: product() });
    expect(done.run?.photos[0]?.status).toBe("done");
    expect(done.draft.step).toBe("store");
    expect(done.draft.products).toEqual([product()]);
  });

  it("returns to the upload it came from when the analysis fails", () => {
    const started = run(at("upload"), {
      type: "singlePicked",
      key: "k",
      file: file("mug.jpg"),
      problem: null,
    });
    expect(run(started, { type: "analysisFailed" }).draft.step).toBe("upload");
  });
});

describe("several photos", () => {
  const chosen = (key: string) => ({ key, file: file(`${key}.jpg`) });
  const withFiles = run(at("upload-multiple", { mode: "multiple" }), {
    type: "filesAdded",
    accepted: [chosen("a"), chosen("b")],
    rejections: {
      items: [
        {
          key: "r",
          name: "x.gif",
          problem: { key: "errors.photoNotImage", params: { name: "x.gif", mb: 5 } },
        },
      ],
      overflow: 1,
    },
  });

  it("keeps the chosen photos and says what it left out", () => {
    expect(withFiles.files.map((f) => f.key)).toEqual(["a", "b"]);
    expect(withFiles.rejections?.overflow).toBe(1);
    expect(run(withFiles, { type: "fileRemoved", key: "a" }).files.map((f) => f.key)).toEqual(["b"]);
  });

  it("goes straight to the store with no new photos", () => {
    const empty = at("upload-multiple", { products: [product()] });
    expect(run(empty, { type: "multipleStarted" }).draft).toMatchObject({ step: "store", mode: "multiple" });
  });

  it("follows the stream photo by photo, then shows the store with the ones that worked", () => {
    const started = run(withFiles, { type: "multipleStarted" }, { type: "streamStarted", total: 2 });
    expect(started.draft.step).toBe("analysis");
    expect(started.rejections).toBeNull();
    expect(started.run).toMatchObject({ mode: "multiple", total: 2, done: 0 });

    const progressed = run(
      started,
      { type: "photoAnalysed", index: 0, done: 1, total: 2, error: null },
      { type: "photoAnalysed", index: 1, done: 2, total: 2, error: "Could not read" },
    );
    expect(progressed.run?.photos.map((p) => p.status)).toEqual(["done", "failed"]);

    const failedFile = { ...chosen("b"), error: "Could not read" };
    const finished = run(progressed, {
      type: "multipleFinished",
      added: [product({ id: "a" })],
      failed: [failedFile],
    });
    // The products join at once; the step waits for the pause.
    expect(finished.draft.step).toBe("analysis");
    expect(finished.draft.products.map((p) => p.id)).toEqual(["a"]);
    expect(finished.files).toEqual([failedFile]);
    expect(finished.failures).toEqual([{ key: "b", name: "b.jpg", error: "Could not read" }]);
    expect(run(finished, { type: "analysisShown" }).draft.step).toBe("store");
  });

  it("returns to the multi upload when no photo could be read", () => {
    const started = run(withFiles, { type: "multipleStarted" });
    const none = run(started, { type: "multipleFinished", added: [], failed: [chosen("a"), chosen("b")] });
    expect(none.draft.step).toBe("upload-multiple");
    expect(none.files).toHaveLength(2);
    expect(run(started, { type: "analysisFailed" }).draft.step).toBe("upload-multiple");
  });
});

describe("creating the store", () => {
  it("shows the errors and stays while the draft is not valid", () => {
    const invalid = at("store", { products: [product({ title: "" })] });
    expect(storeSubmission(invalid, true)).toBe("invalid");
    const submitted = run(invalid, { type: "storeSubmitted", signedIn: true });
    expect(submitted.draft.step).toBe("store");
    expect(submitted.showErrors).toBe(true);
  });

  it("asks a visitor for an account first, and saves at once for a seller", () => {
    expect(storeSubmission(ready(), false)).toBe("register");
    expect(run(ready(), { type: "storeSubmitted", signedIn: false }).draft.step).toBe("register");
    expect(storeSubmission(ready(), true)).toBe("save");
    expect(run(ready(), { type: "storeSubmitted", signedIn: true }).draft.step).toBe("store");
  });

  it("ends on the success step with what was made", () => {
    const saved = run(
      ready(),
      { type: "saveStarted" },
      { type: "saved", result: RESULT, products: [product()] },
    );
    expect(saved.draft.step).toBe("success");
    expect(saved.created?.result.storeSlug).toBe("clay-corner");
  });

  it("marks a taken QR code on the store step, and clears it when the seller edits it", () => {
    const taken = run(ready("register"), {
      type: "saveFailed",
      status: 409,
      qrMessage: "That QR code is taken",
    });
    expect(taken.draft.step).toBe("store");
    expect(taken.qrTaken).toBe("That QR code is taken");
    expect(taken.showErrors).toBe(true);
    expect(storeSubmission(taken, true)).toBe("invalid");
    expect(run(taken, { type: "storeChanged", patch: { name: "Clay Corner 2" } }).qrTaken).toBe(
      "That QR code is taken",
    );
    expect(run(taken, { type: "storeChanged", patch: { qrCode: "CLAY2" } }).qrTaken).toBeNull();
  });

  it("goes back to the account step when the session is gone (401)", () => {
    expect(run(ready(), { type: "saveFailed", status: 401, qrMessage: "" }).draft.step).toBe("register");
    expect(run(ready(), { type: "saveFailed", status: 500, qrMessage: "" }).draft.step).toBe("store");
  });

  it("finishes a store left pending for a login behind a waiting screen", () => {
    const pending = { ...ready().draft, step: "register" as const };
    const resumed = run(at("upload"), { type: "pendingResumed", pending });
    expect(resumed.finishing).toBe(true);
    expect(resumed.draft.step).toBe("store");
    const failed = run(resumed, { type: "saveFailed", status: 500, qrMessage: "" });
    expect(failed.finishing).toBe(false);
  });
});

describe("editing", () => {
  it("changes and removes products and store details", () => {
    const two = at("store", { products: [product(), product({ id: "p2", title: "Green bowl" })] });
    const edited = run(two, { type: "productChanged", id: "p2", patch: { price: "300" } });
    expect(edited.draft.products[1]?.price).toBe("300");
    expect(edited.draft.products[0]?.price).toBe("250");
    expect(run(edited, { type: "productRemoved", id: "p1" }).draft.products.map((p) => p.id)).toEqual(["p2"]);
    // Two drafts of one product: the second's photo joins the first, which keeps its texts.
    const merged = run(edited, { type: "productMerged", fromId: "p2", intoId: "p1" }).draft.products;
    expect(merged.map((p) => [p.id, p.price, p.extraImageUrls])).toEqual([
      ["p1", "250", [edited.draft.products[1]?.imageUrl]],
    ]);
    expect(run(two, { type: "storeChanged", patch: { name: "Glaze" } }).draft.store.name).toBe("Glaze");
    const registration = { fullName: "Kari Nordmann", email: "kari@example.no" };
    expect(run(two, { type: "registrationChanged", registration }).draft.registration).toEqual(registration);
  });
});
