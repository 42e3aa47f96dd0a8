import { describe, expect, it } from "vitest";
import { currentSeo, isUnsure, suggestedPrice } from "../../lib/analysis-suggestions";
import { type AnalysisResult, readStreamLines } from "../../lib/queries/ai";
import { productFromAnalysis } from "./analysis";
import { type DraftProduct, emptyDraft, type QuickCreateDraft } from "./draft";
import { fileProblem, selectFiles, thumbnailTiles } from "./files";
import { mergeProducts } from "./grouping";
import { previousStep, resumeStep } from "./machine";
import { quickStoreRequest, storeAddress } from "./save-request";
import { PENDING_MAX_AGE_MS, parseDraft, parsePending, serializeDraft, serializePending } from "./storage";
import { validateDraft, validateProduct, validateStore } from "./validation";

const MB = 1024 * 1024;
const IMAGE = "/uploads/products/0f8fad5b-d9cb-469f-a165-70867728950e-1600.webp";

function analysis(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    title: "Handmade cup",
    description: "Handmade cup in orange and beige tones.",
    suggestedPrice: "350",
    seoTitle: "Handmade cup | Order from the maker",
    seoDescription: "Handmade cup in orange and beige tones. Order directly from the maker.",
    imageUrl: IMAGE,
    altText: "Handmade cup in orange and beige tones",
    coordinates: { x: 48.2, y: 34.4 },
    category: "cup",
    confidence: 0.49,
    ...overrides,
  };
}

const product = (overrides: Partial<DraftProduct> = {}): DraftProduct => ({
  ...productFromAnalysis(analysis(), "cup.jpg", "p1"),
  ...overrides,
});

function draft(overrides: Partial<QuickCreateDraft> = {}): QuickCreateDraft {
  return { ...emptyDraft(), products: [product()], ...overrides };
}

describe("steps", () => {
  it("follows spec 2.14's back arrow", () => {
    expect(previousStep("register", "single")).toBe("store");
    expect(previousStep("store", "single")).toBe("upload");
    expect(previousStep("store", "multiple")).toBe("upload-multiple");
    expect(previousStep("analysis", "single")).toBe("upload");
    expect(previousStep("analysis", "multiple")).toBe("upload-multiple");
    expect(previousStep("upload-multiple", "multiple")).toBe("upload");
    expect(previousStep("upload", "single")).toBe("home");
  });

  it("resumes a stored draft where it can: analysis needs files a reload has lost", () => {
    expect(resumeStep(draft({ step: "store" }), false)).toBe("store");
    expect(resumeStep(draft({ step: "register" }), false)).toBe("register");
    expect(resumeStep(draft({ step: "register" }), true)).toBe("store");
    expect(resumeStep(draft({ step: "analysis", mode: "multiple" }), false)).toBe("upload-multiple");
    expect(resumeStep(draft({ step: "store", products: [] }), false)).toBe("upload");
  });
});

describe("file checks", () => {
  const file = (name: string, type: string, size = MB) => ({ name, type, size });

  it("takes JPG, PNG and WEBP up to 5MB for one photo, HEIC only in a multi upload", () => {
    expect(fileProblem(file("a.jpg", "image/jpeg"), "single")).toBeNull();
    expect(fileProblem(file("a.webp", "image/webp", 5 * MB), "single")).toBeNull();
    expect(fileProblem(file("a.png", "image/png", 5 * MB + 1), "single")).toBe("errors.imageTooLarge");
    expect(fileProblem(file("a.heic", "image/heic"), "single")).toBe("errors.imageTypeUnsupported");
    expect(fileProblem(file("a.heic", "image/heic"), "multiple")).toBeNull();
    expect(fileProblem(file("IMG_1.HEIC", ""), "multiple")).toBeNull();
    expect(fileProblem(file("notes.txt", "text/plain"), "multiple")).toBe("errors.imageTypeUnsupportedHeic");
  });

  it("keeps a multi upload at 10 photos and says what it left out", () => {
    const files = [
      file("1.jpg", "image/jpeg"),
      file("big.jpg", "image/jpeg", 6 * MB),
      file("2.jpg", "image/jpeg"),
      file("3.jpg", "image/jpeg"),
    ];
    const selection = selectFiles(files, 8);
    expect(selection.accepted.map((f) => f.name)).toEqual(["1.jpg", "2.jpg"]);
    expect(selection.rejected).toEqual([{ name: "big.jpg", problem: "errors.imageTooLarge" }]);
    expect(selection.overflow).toBe(1);
  });

  it("shows six thumbnails and counts the rest", () => {
    expect(thumbnailTiles([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(thumbnailTiles([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 3 });
  });
});

describe("analysis results", () => {
  it("leaves the title to the seller when the AI was unsure", () => {
    expect(isUnsure({ category: "cup", confidence: 0.49 })).toBe(false);
    expect(isUnsure({ category: "cup", confidence: 0.3 })).toBe(true);
    expect(isUnsure({ category: null, confidence: 0.36 })).toBe(true);
    expect(isUnsure({ category: null, confidence: 0.9 })).toBe(false);
    const cat = productFromAnalysis(
      analysis({ title: "Handmade item", category: null, confidence: 0.36 }),
      "cat.jpg",
      "c",
    );
    expect(cat).toMatchObject({ title: "", unsure: true, aiTitle: "Handmade item", price: "350" });
    expect(product()).toMatchObject({ title: "Handmade cup", unsure: false });
  });

  it("keeps the suggested price as digits, 0 when there is none", () => {
    expect(suggestedPrice("350")).toBe("350");
    expect(suggestedPrice("kr 1 250,-")).toBe("1250");
    expect(suggestedPrice("199.5")).toBe("199.5");
    expect(suggestedPrice("")).toBe("0");
  });

  it("sends the AI's search texts only while they still describe the product", () => {
    expect(currentSeo(product())).toEqual({
      seoTitle: "Handmade cup | Order from the maker",
      seoDescription: "Handmade cup in orange and beige tones. Order directly from the maker.",
    });
    expect(currentSeo(product({ description: "A tall cup for coffee." }))).toEqual({
      seoTitle: "Handmade cup | Order from the maker",
    });
    expect(currentSeo(product({ title: "Morning mug" }))).toEqual({});
  });

  it("reads NDJSON lines as they arrive, keeping the unfinished tail", () => {
    const first = readStreamLines('{"type":"start","total":2}\n{"type":"result","done":1,"tot');
    expect(first.events).toEqual([{ type: "start", total: 2 }]);
    const second = readStreamLines(`${first.rest}al":2}\nnot json\n\n{"type":"end"}\n`);
    expect(second.events).toEqual([{ type: "result", done: 1, total: 2 }, { type: "end" }]);
    expect(second.rest).toBe("");
  });
});

describe("validation", () => {
  it("uses spec 5's quick-create messages", () => {
    expect(validateProduct({ title: "A", description: "Short", price: "", stockQty: "1" })).toEqual({
      title: "errors.productTitleMin",
      description: "errors.descriptionMin",
      price: "errors.priceRequired",
    });
    expect(
      validateProduct({ title: "Mug", description: "A tall mug for coffee.", price: "19,5", stockQty: "" }),
    ).toEqual({
      price: "errors.priceFormat",
    });
    expect(
      validateProduct({
        title: "Mug",
        description: "A tall mug for coffee.",
        price: "199.99",
        stockQty: "3",
      }),
    ).toEqual({});
    // Stock: a whole number, 0 or more, or empty for unlimited (decision 0032).
    expect(
      validateProduct({ title: "Mug", description: "A tall mug for coffee.", price: "199", stockQty: "-2" }),
    ).toEqual({ stockQty: "errors.stockInvalid" });
    expect(validateStore({ ...emptyDraft().store, name: "K" })).toEqual({ name: "errors.storeNameMin" });
    expect(validateStore({ ...emptyDraft().store, name: "Kari", linkQrCode: true, qrCode: "a b" })).toEqual({
      qrCode: "errors.qrCodeInvalid",
    });
  });

  it("collects errors per product", () => {
    const errors = validateDraft(
      draft({
        products: [product(), product({ id: "p2", title: "" })],
        store: { ...emptyDraft().store, name: "Kari" },
      }),
    );
    expect(errors).toEqual({ store: {}, products: { p2: { title: "errors.productTitleMin" } }, count: 1 });
  });
});

describe("saving", () => {
  it("posts one product to /api/quickstore with the store's SEO texts", () => {
    const request = quickStoreRequest(
      draft({
        store: { name: " Kari ", linkQrCode: true, qrCode: " kari-1 ", seoTitle: "Cups", seoDescription: "" },
      }),
    );
    expect(request.path).toBe("/api/quickstore");
    expect(request.body.store).toEqual({
      name: "Kari",
      linkQrCode: true,
      qrCode: "kari-1",
      seoTitle: "Cups",
    });
    expect("product" in request.body && request.body.product).toMatchObject({
      title: "Handmade cup",
      price: "350",
      imageUrl: IMAGE,
      coordinates: { x: 48.2, y: 34.4 },
      category: "cup",
    });
  });

  it("posts several to /api/quickstore/multiple, leaving SEO and an unlinked QR text out", () => {
    const request = quickStoreRequest(
      draft({
        mode: "multiple",
        products: [product(), product({ id: "p2" })],
        store: { name: "Kari", linkQrCode: false, qrCode: "kept", seoTitle: "x", seoDescription: "y" },
      }),
    );
    expect(request.path).toBe("/api/quickstore/multiple");
    expect(request.body.store).toEqual({ name: "Kari", linkQrCode: false });
    expect("products" in request.body && request.body.products).toHaveLength(2);
  });

  it("groups two drafts of one product: its photos stay together in order and are sent with it", () => {
    const image = (n: number) => IMAGE.replace("0f8fad5b", `0000000${n}`);
    const products = [
      product({ id: "p1", title: "Cup" }),
      product({ id: "p2", title: "Cup, other side", imageUrl: image(2) }),
      product({ id: "p3", title: "Bowl", imageUrl: image(3) }),
    ];
    const merged = mergeProducts(products, "p2", "p1");
    expect(merged.map((p) => p.title)).toEqual(["Cup", "Bowl"]);
    expect(merged[0]?.extraImageUrls).toEqual([image(2)]);
    const request = quickStoreRequest(draft({ mode: "multiple", products: merged }));
    expect(
      "products" in request.body && request.body.products.map((p) => [p.imageUrl, p.extraImageUrls]),
    ).toEqual([
      [IMAGE, [image(2)]],
      [image(3), undefined],
    ]);
    // A grouped draft keeps its photos through a reload.
    expect(parseDraft(serializeDraft(draft({ products: merged })))?.products[0]?.extraImageUrls).toEqual([
      image(2),
    ]);
    // Never more than ten photos on one product: such a merge changes nothing.
    const full = product({ id: "p4", extraImageUrls: Array.from({ length: 9 }, (_, n) => image(n)) });
    expect(mergeProducts([full, products[2] as DraftProduct], "p3", "p4")).toHaveLength(2);
  });

  it("builds the store address", () => {
    expect(storeAddress("https://torg.no", "kari")).toBe("https://torg.no/s/kari");
  });
});

describe("storage", () => {
  it("round-trips a draft and never keeps a password", () => {
    const withPassword = draft({
      step: "register",
      registration: {
        fullName: "Kari",
        email: "kari@example.no",
        password: "secret-1234",
      } as QuickCreateDraft["registration"],
    });
    const raw = serializeDraft(withPassword);
    expect(raw).not.toContain("secret-1234");
    expect(parseDraft(raw)).toEqual({
      ...withPassword,
      registration: { fullName: "Kari", email: "kari@example.no" },
    });
  });

  it("ignores what it cannot trust", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("{not json")).toBeNull();
    expect(parseDraft(JSON.stringify({ step: "store" }))).toBeNull();
  });

  it("keeps a pending store for a day", () => {
    const now = 1_800_000_000_000;
    const raw = serializePending(draft(), now);
    expect(parsePending(raw, now + 1000)?.products).toHaveLength(1);
    expect(parsePending(raw, now + PENDING_MAX_AGE_MS + 1)).toBeNull();
    expect(parsePending(serializePending(draft({ products: [] }), now), now)).toBeNull();
  });
});
