import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentSeo, isUnsure, suggestedPrice } from "../../lib/analysis-suggestions";
import { type AnalysisResult, readStreamLines } from "../../lib/queries/ai";
import { photoChoicePatch, productFromAnalysis, usesImprovedPhoto } from "./analysis";
import { type DraftProduct, emptyDraft, type QuickCreateDraft } from "./draft";
import { examinePhotos, selectFiles, thumbnailTiles } from "./files";
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
  it("follows docs/product-spec.md 2.14's back arrow", () => {
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

describe("file checks: one rule for one photo and for several (decision 0062)", () => {
  const fixture = (name: string) =>
    fs.readFileSync(path.resolve("src/server/adapters/ai/offline/fixtures", name));
  /** A file with the bytes of a fixture, padded to `size` when asked. */
  const photo = (name: string, fixtureName: string, size?: number) => {
    const bytes = fixture(fixtureName);
    const padding = size ? [new Uint8Array(Math.max(0, size - bytes.length))] : [];
    return new File([bytes, ...padding], name, { type: "image/jpeg" });
  };
  const text = (name: string) => new File(["Packing list: towels, sun cream"], name, { type: "image/jpeg" });

  it("takes JPG and HEIC by their bytes, and names what it refuses", async () => {
    const examined = await examinePhotos([
      photo("mug.jpg", "coffee-cup.jpg"),
      photo("IMG_1.HEIC", "coffee-cup.heic"),
      text("holiday.jpg"),
      photo("big.jpg", "coffee-cup.jpg", 5 * MB + 1),
    ]);
    expect(examined.map(({ file, problem }) => [file.name, problem])).toEqual([
      ["mug.jpg", null],
      ["IMG_1.HEIC", null],
      ["holiday.jpg", { key: "errors.photoNotImage", params: { name: "holiday.jpg", mb: 5 } }],
      ["big.jpg", { key: "errors.photoTooLarge", params: { name: "big.jpg", mb: 5 } }],
    ]);
  });

  it("keeps a multi upload at 10 photos and says what it left out", async () => {
    const files = [
      photo("1.jpg", "coffee-cup.jpg"),
      photo("big.jpg", "coffee-cup.jpg", 6 * MB),
      photo("2.jpg", "coffee-cup.jpg"),
      photo("3.jpg", "coffee-cup.jpg"),
    ];
    const selection = selectFiles(await examinePhotos(files), 8);
    expect(selection.accepted.map((f) => f.name)).toEqual(["1.jpg", "2.jpg"]);
    expect(selection.rejected).toEqual([
      { name: "big.jpg", problem: { key: "errors.photoTooLarge", params: { name: "big.jpg", mb: 5 } } },
    ]);
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

  it("offers an improved copy without choosing it, switches either way, and keeps the choice in storage", () => {
    const IMPROVED = IMAGE.replace("0f8fad5b", "1e8fad5b");
    const offered = productFromAnalysis(
      analysis({ enhancedImageUrl: IMPROVED, enhancedCoordinates: { x: 50, y: 45 } }),
      "mug.jpg",
      "m",
    );
    expect(offered).toMatchObject({ imageUrl: IMAGE, coordinates: { x: 48.2, y: 34.4 } });
    expect(usesImprovedPhoto(offered)).toBe(false);
    const improved = { ...offered, ...photoChoicePatch(offered, true) };
    expect(improved).toMatchObject({ imageUrl: IMPROVED, coordinates: { x: 50, y: 45 } });
    expect(usesImprovedPhoto(improved)).toBe(true);
    expect({ ...improved, ...photoChoicePatch(improved, false) }).toMatchObject({
      imageUrl: IMAGE,
      coordinates: { x: 48.2, y: 34.4 },
    });
    const stored = parseDraft(serializeDraft(draft({ products: [improved] })));
    expect(stored?.products[0]).toEqual(improved);
    // No copy offered: nothing to choose.
    expect(product().photoChoice).toBeUndefined();
    expect(photoChoicePatch(product(), true)).toBeNull();
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
  it("uses docs/product-spec.md 5's quick-create messages", () => {
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
