import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { createProductVia, createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function storedFiles(): string[] {
  const root = t.config.uploadDir ?? "";
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function upload(
  agent: Agent,
  storeId: string,
  body: Buffer,
  filename = "photo.jpg",
  fields: Record<string, string> = {},
) {
  const form = multipart({ title: "Mug", basePrice: "100", ...fields }, [
    { field: "image", filename, body, type: "image/jpeg" },
  ]);
  return agent.request({ method: "POST", url: `/api/stores/${storeId}/products`, ...form });
}

/** A JPEG carrying GPS coordinates of Bergen in its EXIF, as a phone would write it. */
async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sampleJpeg(800, 600);
  const tagged = await sharp(jpeg)
    .withExif({
      IFD0: { Make: "TorgPhone", Model: "Test" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "60/1 23/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "5/1 19/1 20/1",
      },
    })
    .jpeg()
    .toBuffer();
  const metadata = await sharp(tagged).metadata();
  if (!metadata.exif?.includes(Buffer.from("TorgPhone"))) throw new Error("fixture lost its EXIF");
  return tagged;
}

/** A 30000×30000 PNG whose pixel data deflates to about 100 KB: a decompression bomb. */
function pngBomb(): Buffer {
  const width = 30_000;
  const height = 30_000;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // 1 bit per pixel
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width / 8 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("POST /api/stores/{id}/products", () => {
  it("creates a product with WebP variants served from /uploads with long-lived caching", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id, {
      title: "Ash glaze mug",
      basePrice: "349,00",
      sku: "MUG-01",
    });
    expect(product).toMatchObject({
      title: "Ash glaze mug",
      basePrice: "349.00",
      currencyCode: "NOK",
      isActive: true,
      sku: "MUG-01",
    });
    expect(product.primaryImage).toMatch(/^\/uploads\/products\/[0-9a-f-]+-1600\.webp$/);

    for (const width of [1600, 800, 400]) {
      const url = product.primaryImage.replace("-1600.webp", `-${width}.webp`);
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe("webp");
      expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(width);
    }
    const list = (await agent.get(`/api/stores/${store.id}/products`)).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([product.id]);
    const summary = (await agent.get(`/api/stores/${store.id}`)).json();
    expect(summary).toMatchObject({
      productCount: 1,
      heroImageUrl: null,
      fallbackHeroImage: product.primaryImage,
    });
  });

  it("strips EXIF, GPS included, from every stored variant", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const response = await upload(agent, store.id, await jpegWithGps());
    expect(response.statusCode).toBe(201);
    const files = storedFiles().filter((file) =>
      file.includes(response.json().primaryImage.split("/").pop().replace("-1600.webp", "")),
    );
    expect(files).toHaveLength(3);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("TorgPhone"))).toBe(false);
    }
  });

  it.each([
    [
      "a 6 MB file",
      async () => Buffer.concat([await sampleJpeg(), Buffer.alloc(6 * 1024 * 1024)]),
      "photo.jpg",
      413,
      "photo.jpg is larger than 5 MB.",
    ],
    [
      "a text file named .jpg",
      async () => Buffer.from("this is not a picture, just words\n".repeat(50)),
      "notes.jpg",
      415,
      "notes.jpg is not a photo (JPG, PNG, WEBP or HEIC).",
    ],
    [
      "a 30000×30000 PNG",
      async () => pngBomb(),
      "huge.png",
      413,
      "huge.png is too large to process. Use a photo of at most 50 megapixels.",
    ],
    [
      "an SVG with a script",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      415,
      "x.svg is not a photo (JPG, PNG, WEBP or HEIC).",
    ],
  ])("refuses %s with a clear message and stores nothing", async (_name, make, filename, status, message) => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const before = storedFiles().length;
    const response = await upload(agent, store.id, await make(), filename);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect(storedFiles().length).toBe(before);
    expect((await agent.get(`/api/stores/${store.id}/products`)).json()).toEqual([]);
  });

  it("validates fields with the spec's messages and needs an image", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const jpeg = await sampleJpeg(200, 200);
    const noTitle = await upload(agent, store.id, jpeg, "a.jpg", { title: "" });
    expect(noTitle.json()).toEqual({ message: "Title is required" });
    const negative = await upload(agent, store.id, jpeg, "a.jpg", { basePrice: "-5" });
    expect(negative.json()).toEqual({ message: "Price must be a positive number" });
    // Prices are whole kroner: øre get a 400 that says so, in the seller's language.
    const wholeKroner = {
      en: "Price must be in whole kroner (for example 199)",
      nb: "Prisen må være i hele kroner (for eksempel 199)",
      sv: "Priset måste anges i hela kronor (till exempel 199)",
      da: "Prisen skal være i hele kroner (for eksempel 199)",
    };
    for (const [language, message] of Object.entries(wholeKroner)) {
      const form = multipart({ title: "Mug", basePrice: "12.5" }, [
        { field: "image", filename: "a.jpg", body: jpeg, type: "image/jpeg" },
      ]);
      const created = await agent.request({
        method: "POST",
        url: `/api/stores/${store.id}/products`,
        headers: { ...form.headers, "accept-language": language },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ message });
    }
    const existing = await createProductVia(agent, store.id);
    const edited = await agent.request({
      method: "PUT",
      url: `/api/products/${existing.id}`,
      headers: { "accept-language": "nb" },
      payload: { basePrice: 12.5 },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ message: wholeKroner.nb });
    expect((await agent.get(`/api/products/${existing.id}`)).json().basePrice).toBe("349.00");
    const noImage = await agent.request({
      method: "POST",
      url: `/api/stores/${store.id}/products`,
      ...multipart({ title: "Mug", basePrice: "10" }),
    });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual({ message: "Please upload a product image." });
    const json = await agent.post(`/api/stores/${store.id}/products`, { title: "Mug" });
    expect(json.statusCode).toBe(415);
  });

  it("is 401 signed out and 404 for another seller's store", async () => {
    const { agent: owner } = await signUp(t.app);
    const { agent: other } = await signUp(t.app);
    const store = await createStoreVia(owner);
    const jpeg = await sampleJpeg(200, 200);
    expect((await upload(new Agent(t.app), store.id, jpeg)).statusCode).toBe(401);
    expect((await upload(other, store.id, jpeg)).statusCode).toBe(404);
  });
});

describe("product edit and delete", () => {
  it("updates fields, toggles active, replaces the image and deletes", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id);

    const edited = await agent.put(`/api/products/${product.id}`, {
      title: "Renamed mug",
      basePrice: 399,
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Renamed mug", basePrice: "399.00", isActive: false });
    // Inactive: the seller still sees it, the public does not.
    expect((await agent.get(`/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await new Agent(t.app).get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(`/api/stores/${store.id}/products`)).json()).toEqual([]);

    const form = multipart({ title: "With new photo", isActive: "true" }, [
      { field: "image", filename: "n.jpg", body: await sampleJpeg(640, 480) },
    ]);
    const replaced = await agent.request({ method: "PUT", url: `/api/products/${product.id}`, ...form });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().primaryImage).not.toBe(product.primaryImage);
    expect(replaced.json().isActive).toBe(true);
    expect((await t.app.inject({ url: product.primaryImage })).statusCode).toBe(404);

    const cleared = await agent.put(`/api/products/${product.id}`, { blurb: "", sku: null });
    expect(cleared.json()).toMatchObject({ blurb: null, sku: null, title: "With new photo" });

    const invalid = await agent.put(`/api/products/${product.id}`, { title: "" });
    expect(invalid.json()).toEqual({ message: "Title is required" });

    expect((await agent.delete(`/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await agent.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: replaced.json().primaryImage })).statusCode).toBe(404);
  });

  it("PUT takes stockQty, a number or null for unlimited; the public reads carry stockQty and available", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent);
    const product = await createProductVia(agent, store.id, { title: "Krukke", stockQty: "1" });
    const shopper = new Agent(t.app);
    const publicStock = async () => {
      const one = (await shopper.get(`/api/products/${product.id}`)).json();
      const [listed] = (await shopper.get(`/api/stores/${store.id}/products`)).json();
      expect(listed).toMatchObject({ stockQty: one.stockQty, available: one.available });
      return { stockQty: one.stockQty, available: one.available };
    };
    expect(await publicStock()).toEqual({ stockQty: 1, available: true });

    const put = (body: Record<string, unknown>) => agent.put(`/api/products/${product.id}`, body);
    expect((await put({ stockQty: 0 })).json()).toMatchObject({ stockQty: 0, available: false });
    expect(await publicStock()).toEqual({ stockQty: 0, available: false });
    expect((await put({ stockQty: 12 })).statusCode).toBe(200);
    expect(await publicStock()).toEqual({ stockQty: 12, available: true });
    // Another field alone leaves the stock as it is.
    expect((await put({ title: "Stor krukke" })).json()).toMatchObject({ stockQty: 12 });
    expect((await put({ stockQty: null })).json()).toMatchObject({ stockQty: null, available: true });
    expect(await publicStock()).toEqual({ stockQty: null, available: true });
    // A multipart edit sends text: a number, or "" for unlimited.
    const form = multipart({ stockQty: "3" });
    const edited = await agent.request({ method: "PUT", url: `/api/products/${product.id}`, ...form });
    expect(edited.json()).toMatchObject({ stockQty: 3, available: true });
    expect(await publicStock()).toEqual({ stockQty: 3, available: true });

    for (const stockQty of [-1, 1.5, "many", 1_000_001]) {
      const refused = await put({ stockQty });
      expect(refused.statusCode, String(stockQty)).toBe(400);
      expect(refused.json().message).toBe("Stock must be a whole number, 0 or more, or empty for unlimited");
    }
    expect(await publicStock()).toEqual({ stockQty: 3, available: true });
  });

  it("another seller gets 404 for every product route, anonymous 401 for writes", async () => {
    const { agent: owner } = await signUp(t.app);
    const { agent: other } = await signUp(t.app);
    const store = await createStoreVia(owner);
    const product = await createProductVia(owner, store.id);
    expect((await other.put(`/api/products/${product.id}`, { title: "Stolen" })).statusCode).toBe(404);
    expect((await other.delete(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await new Agent(t.app).put(`/api/products/${product.id}`, { title: "x" })).statusCode).toBe(401);
    expect((await new Agent(t.app).delete(`/api/products/${product.id}`)).statusCode).toBe(401);
    expect((await other.get("/api/products")).json()).toEqual([]);
    expect((await owner.get("/api/products")).json().map((p: { id: string }) => p.id)).toEqual([product.id]);
    const rows = await t.database.db.select().from(products);
    expect(rows.find((row) => row.id === product.id)?.title).toBe("Stoneware mug");
  });
});

describe("/uploads", () => {
  it("refuses path traversal and unknown files", async () => {
    for (const url of [
      "/uploads/../../etc/passwd",
      "/uploads/products/..%2F..%2Fetc%2Fpasswd",
      "/uploads/products/nope-1600.webp",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("root:");
    }
  });
});
