/**
 * Issue 7, upload attacks, against every route that takes a file: POST /api/stores/:id/products
 * (`image`), PUT /api/products/:id (multipart `image`), POST /api/products/analyze (`productImage`) and
 * POST /api/products/analyze-multiple (`productImages`, up to 10), plus quick-create, which takes the
 * URL of an analysed upload rather than a file.
 *
 * "None is stored or served" means: a refused file leaves no file in the upload folder and no product
 * or image row; an accepted polyglot is stored only as our own WebP re-encoding, which must not contain
 * the smuggled payload, and is served as image/webp with nosniff and a sandboxing CSP. File names are
 * never used for storage: nothing appears outside the upload folder, whatever the name says.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { count } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages, products } from "../db/schema";
import { multipart, sampleJpeg } from "../test/fixtures";
import type { TestApp } from "../test/harness";
import {
  createSecurityApp,
  quickStoreBody,
  resources,
  type SecurityApp,
  type Seed,
  seedScenario,
  send,
} from "./scenario";

let app: SecurityApp;
let t: TestApp;
let seed: Seed;
/** root/uploads is the upload folder; root/sentinel.txt sits next to it, outside. */
let root: string;
let uploadDir: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "torg-upload-attacks-"));
  uploadDir = path.join(root, "uploads");
  fs.mkdirSync(uploadDir);
  fs.writeFileSync(path.join(root, "sentinel.txt"), "sentinel");
  app = await createSecurityApp({ UPLOAD_DIR: uploadDir });
  t = app.t;
  expect(t.config.uploadDir).toBe(uploadDir);
  seed = await seedScenario(t);
}, 180_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Hostile files.

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, valid PNG of 20000 × 20000 one-bit pixels: 50 MB of zeros deflated to a few dozen KB. */
function pngBomb() {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + side / 8); // filter byte + pixels, all zero
  const raw = Buffer.alloc(row.length * side);
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A small JPEG whose frame header claims 65000 × 65000 pixels. */
async function jpegClaimingHugeDimensions() {
  const jpeg = Buffer.from(await sampleJpeg(64, 48));
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (
      jpeg[i] === 0xff &&
      jpeg[i + 1] !== undefined &&
      (jpeg[i + 1] as number) >= 0xc0 &&
      (jpeg[i + 1] as number) <= 0xc2
    ) {
      jpeg.writeUInt16BE(65_000, i + 5);
      jpeg.writeUInt16BE(65_000, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

/** A JPEG with a comment segment right after SOI. */
function withJpegComment(jpeg: Buffer, comment: string) {
  const text = Buffer.from(comment, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

const SCRIPT_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const PAYLOAD = "TORG-PAYLOAD-7f3a";
const HTML_PAYLOAD = `<html><body><script>alert("${PAYLOAD}")</script></body></html>`;
/** A minimal ZIP (one stored file) whose file content is the payload. */
function zipWithPayload() {
  const name = Buffer.from("evil.html");
  const data = Buffer.from(HTML_PAYLOAD);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(zlib.crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data]);
}

interface Attack {
  name: string;
  filename: string;
  type: string;
  body: () => Promise<Buffer> | Buffer;
  /** What the refusal must be: 415 for what is not a supported image, 413 for what is too big. */
  status: number;
}

const REFUSED: Attack[] = [
  {
    name: "text named .jpg",
    filename: "photo.jpg",
    type: "image/jpeg",
    body: () => Buffer.from("just text"),
    status: 415,
  },
  {
    name: "PNG signature followed by junk",
    filename: "photo.png",
    type: "image/png",
    body: () => Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from("junk".repeat(200))]),
    status: 415,
  },
  {
    name: "JPEG signature followed by junk",
    filename: "photo.jpg",
    type: "image/jpeg",
    body: () => Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.from("junk".repeat(200))]),
    status: 415,
  },
  {
    name: "SVG with a script",
    filename: "logo.svg",
    type: "image/svg+xml",
    body: () => SCRIPT_SVG,
    status: 415,
  },
  {
    name: "SVG with a script named .png",
    filename: "logo.png",
    type: "image/png",
    body: () => SCRIPT_SVG,
    status: 415,
  },
  {
    name: "HTML named .jpg",
    filename: "page.jpg",
    type: "image/jpeg",
    body: () => Buffer.from(HTML_PAYLOAD),
    status: 415,
  },
  {
    name: "a ZIP named .jpg",
    filename: "archive.jpg",
    type: "image/jpeg",
    body: zipWithPayload,
    status: 415,
  },
  {
    name: "a GIF (not an accepted type)",
    filename: "anim.gif",
    type: "image/gif",
    body: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
        .gif()
        .toBuffer(),
    status: 415,
  },
  {
    name: "a TIFF (not an accepted type)",
    filename: "scan.jpg",
    type: "image/jpeg",
    body: () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
        .tiff()
        .toBuffer(),
    status: 415,
  },
  {
    name: "an empty file",
    filename: "empty.jpg",
    type: "image/jpeg",
    body: () => Buffer.alloc(0),
    status: 415,
  },
  {
    name: "a PNG decompression bomb (20000 × 20000)",
    filename: "bomb.png",
    type: "image/png",
    body: pngBomb,
    status: 413,
  },
  {
    name: "a JPEG claiming 65000 × 65000",
    filename: "huge.jpg",
    type: "image/jpeg",
    body: jpegClaimingHugeDimensions,
    status: 413,
  },
  {
    name: "a file over 5 MB",
    filename: "big.jpg",
    type: "image/jpeg",
    body: async () => Buffer.concat([await sampleJpeg(160, 120), Buffer.alloc(5 * 1024 * 1024)]),
    status: 413,
  },
];

// ---------------------------------------------------------------------------------------------------
// What is on disk and in the database.

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function rowCounts() {
  const [productRows] = await t.database.db.select({ n: count() }).from(products);
  const [imageRows] = await t.database.db.select({ n: count() }).from(productImages);
  return { products: productRows?.n ?? 0, images: imageRows?.n ?? 0 };
}

/** Runs an attack and checks that nothing was stored: no file anywhere under root, no row, no AI call. */
async function expectNothingStored(run: () => Promise<LightMyRequestResponse>) {
  const filesBefore = filesUnder(root);
  const rowsBefore = await rowCounts();
  const aiCallsBefore = app.ai.requests.length;
  const response = await run();
  expect(filesUnder(root)).toEqual(filesBefore);
  expect(await rowCounts()).toEqual(rowsBefore);
  expect(app.ai.requests.length, "the AI provider was called").toBe(aiCallsBefore);
  return response;
}

type Target = {
  name: string;
  send(file: { filename: string; type: string; body: Buffer }): Promise<LightMyRequestResponse>;
};

const TARGETS: Target[] = [
  {
    name: "POST /api/stores/:id/products",
    send: (file) =>
      send(t, seed.actors.member, {
        method: "POST",
        url: `/api/stores/${seed.store.id}/products`,
        ...multipart({ title: "Attack", basePrice: "10" }, [{ field: "image", ...file }]),
      }),
  },
  {
    name: "PUT /api/products/:id",
    send: (file) =>
      send(t, seed.actors.member, {
        method: "PUT",
        url: `/api/products/${seed.product.id}`,
        ...multipart({ title: "Attack" }, [{ field: "image", ...file }]),
      }),
  },
  {
    name: "POST /api/products/analyze",
    send: (file) =>
      send(t, seed.actors.anonymous, {
        method: "POST",
        url: "/api/products/analyze",
        ...multipart({}, [{ field: "productImage", ...file }]),
      }),
  },
  {
    name: "POST /api/products/analyze-multiple",
    send: (file) =>
      send(t, seed.actors.member, {
        method: "POST",
        url: "/api/products/analyze-multiple",
        ...multipart({}, [{ field: "productImages", ...file }]),
      }),
  },
];

/** The refusal status: the response's own, or for analyze-multiple the failed item's. */
function refusalStatus(target: Target, response: LightMyRequestResponse): number {
  if (target.name !== "POST /api/products/analyze-multiple" || response.statusCode !== 200)
    return response.statusCode;
  const [item] = response.json() as { ok: boolean; status?: number }[];
  return item?.ok ? 200 : (item?.status ?? 0);
}

describe.each(TARGETS.map((target) => [target.name, target] as const))("%s refuses", (_, target) => {
  it.each(REFUSED.map((attack) => [attack.name, attack] as const))(
    "%s, and stores nothing",
    async (_name, attack) => {
      const body = await attack.body();
      const primaryBefore = (
        await send(t, seed.actors.member, { method: "GET", url: `/api/products/${seed.product.id}` })
      ).json().primaryImage;
      const response = await expectNothingStored(() =>
        target.send({ filename: attack.filename, type: attack.type, body }),
      );
      expect(refusalStatus(target, response), response.body.slice(0, 200)).toBe(attack.status);
      if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
      const after = await send(t, seed.actors.member, {
        method: "GET",
        url: `/api/products/${seed.product.id}`,
      });
      expect(after.json().primaryImage, "the product keeps its photo").toBe(primaryBefore);
    },
    60_000,
  );
});

describe("too many files", () => {
  it("11 photos to the 10-photo analysis are refused before any is stored or analysed", async () => {
    const photo = await sampleJpeg(160, 120);
    const files = Array.from({ length: 11 }, (_, n) => ({
      field: "productImages",
      filename: `p${n}.jpg`,
      body: photo,
      type: "image/jpeg",
    }));
    const response = await expectNothingStored(() =>
      send(t, seed.actors.member, {
        method: "POST",
        url: "/api/products/analyze-multiple",
        ...multipart({}, files),
      }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ["POST /api/products/analyze", "productImage"],
    ["POST /api/stores/:id/products", "image"],
  ])("2 photos to the one-photo %s are refused, nothing stored", async (route, field) => {
    const photo = await sampleJpeg(160, 120);
    const url = route.includes(":id") ? `/api/stores/${seed.store.id}/products` : "/api/products/analyze";
    const response = await expectNothingStored(() =>
      send(t, seed.actors.member, {
        method: "POST",
        url,
        ...multipart({ title: "Two", basePrice: "1" }, [
          { field, filename: "a.jpg", body: photo, type: "image/jpeg" },
          { field, filename: "b.jpg", body: photo, type: "image/jpeg" },
        ]),
      }),
    );
    expect(response.statusCode).toBe(413);
  });
});

// ---------------------------------------------------------------------------------------------------

/** New files under root while `run` ran; each must be a WebP variant in the upload folder. */
async function storedBy(run: () => Promise<LightMyRequestResponse>) {
  const before = new Set(filesUnder(root));
  const response = await run();
  const added = filesUnder(root).filter((file) => !before.has(file));
  for (const file of added) {
    expect(file, "a file outside uploads/products, or not named by the server").toMatch(
      /^uploads\/products\/[0-9a-f-]{36}-(1600|800|400)\.webp$/,
    );
  }
  return { response, added };
}

function expectCleanWebp(files: string[], payloads: string[]) {
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(root, file));
    expect(bytes.subarray(0, 4).toString("latin1"), file).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1"), file).toBe("WEBP");
    const text = bytes.toString("latin1");
    for (const payload of payloads) expect(text.includes(payload), `${file} contains ${payload}`).toBe(false);
    // No EXIF or XMP chunk survives the re-encoding either.
    expect(text.includes("EXIF") || text.includes("XMP "), `${file} carries metadata`).toBe(false);
  }
}

async function expectServedSafely(url: string) {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers["content-type"]).toBe("image/webp");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(String(response.headers["content-security-policy"])).toContain("sandbox");
  expect(response.rawPayload.toString("latin1")).not.toContain(PAYLOAD);
}

describe("polyglots are stored only as clean re-encodings", () => {
  const polyglots: [string, () => Promise<Buffer>][] = [
    [
      "a JPEG with HTML and script appended",
      async () => Buffer.concat([await sampleJpeg(160, 120), Buffer.from(HTML_PAYLOAD)]),
    ],
    ["a JPEG with a ZIP appended", async () => Buffer.concat([await sampleJpeg(160, 120), zipWithPayload()])],
    [
      "a JPEG with a PHP payload appended",
      async () =>
        Buffer.concat([
          await sampleJpeg(160, 120),
          Buffer.from(`<?php /* ${PAYLOAD} */ system($_GET["c"]); ?>`),
        ]),
    ],
    [
      "a JPEG with script in a comment segment",
      async () => withJpegComment(await sampleJpeg(160, 120), HTML_PAYLOAD),
    ],
    [
      "a JPEG with the payload in its EXIF and GPS position",
      () =>
        sharp({ create: { width: 160, height: 120, channels: 3, background: "teal" } })
          .withExif({
            IFD0: { ImageDescription: HTML_PAYLOAD, Artist: PAYLOAD },
            IFD3: { GPSLatitudeRef: "N", GPSLatitude: "60/1 23/1 0/1" },
          })
          .jpeg()
          .toBuffer(),
    ],
    [
      "a PNG with script appended",
      async () =>
        Buffer.concat([
          await sharp({ create: { width: 64, height: 64, channels: 3, background: "navy" } })
            .png()
            .toBuffer(),
          Buffer.from(HTML_PAYLOAD),
        ]),
    ],
  ];

  it.each(polyglots)(
    "%s, through product creation",
    async (_, make) => {
      const body = await make();
      expect(body.toString("latin1")).toContain(PAYLOAD);
      const { response, added } = await storedBy(() =>
        send(t, seed.actors.member, {
          method: "POST",
          url: `/api/stores/${seed.store.id}/products`,
          ...multipart({ title: "Polyglot", basePrice: "10" }, [
            { field: "image", filename: "poly.jpg", body, type: "image/jpeg" },
          ]),
        }),
      );
      if (response.statusCode !== 201) {
        // Refusing is the other acceptable answer; then nothing may have been stored.
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(added).toEqual([]);
        return;
      }
      expectCleanWebp(added, [PAYLOAD, "<script", "<?php", "PK\u0003\u0004"]);
      await expectServedSafely(response.json().primaryImage);
    },
    60_000,
  );

  it("through analysis: the stored photo is a clean re-encoding", async () => {
    const body = Buffer.concat([await sampleJpeg(160, 120), Buffer.from(HTML_PAYLOAD)]);
    const { response, added } = await storedBy(() =>
      send(t, seed.actors.anonymous, {
        method: "POST",
        url: "/api/products/analyze",
        ...multipart({}, [{ field: "productImage", filename: "poly.jpg", body, type: "image/jpeg" }]),
      }),
    );
    expect(response.statusCode).toBe(200);
    expectCleanWebp(added, [PAYLOAD, "<script"]);
    await expectServedSafely(response.json().imageUrl);
  }, 60_000);
});

describe("file names never reach the disk", () => {
  const NAMES = [
    "../../etc/passwd",
    "../../../../../../tmp/torg-escape.jpg",
    "..\\..\\x.jpg",
    "/absolute/path/evil.jpg",
    "a\u0000.jpg",
    "nul\u0000/../../x.jpg",
    "CON",
    `${"x".repeat(1_000)}.jpg`,
    '"><img src=x onerror=alert(1)>.jpg',
    "%2e%2e%2f%2e%2e%2fescape.jpg",
    "sentinel.txt",
  ];

  it.each(NAMES.map((name) => [JSON.stringify(name).slice(0, 60), name] as const))(
    "%s",
    async (_, filename) => {
      const sentinel = fs.readFileSync(path.join(root, "sentinel.txt"), "utf8");
      const body = await sampleJpeg(160, 120);
      const product = await storedBy(() =>
        send(t, seed.actors.member, {
          method: "POST",
          url: `/api/stores/${seed.store.id}/products`,
          ...multipart({ title: "Named", basePrice: "10" }, [
            { field: "image", filename, body, type: "image/jpeg" },
          ]),
        }),
      );
      expect(product.response.statusCode).toBeLessThan(500);
      if (product.response.statusCode === 201) {
        expect(product.added).toHaveLength(3);
        expect(product.response.body).not.toContain(filename);
      }
      const analysis = await storedBy(() =>
        send(t, seed.actors.member, {
          method: "POST",
          url: "/api/products/analyze-multiple",
          ...multipart({}, [{ field: "productImages", filename, body, type: "image/jpeg" }]),
        }),
      );
      expect(analysis.response.statusCode).toBeLessThan(500);
      // Outside the upload folder nothing changed, and nothing escaped to /tmp.
      expect(fs.readFileSync(path.join(root, "sentinel.txt"), "utf8")).toBe(sentinel);
      expect(fs.readdirSync(root).sort()).toEqual(["sentinel.txt", "uploads"]);
      expect(fs.existsSync("/tmp/torg-escape.jpg")).toBe(false);
    },
    60_000,
  );
});

describe("quick-create and add-product take only the server's own upload URLs", () => {
  const URLS = [
    "/uploads/products/../../sentinel.txt",
    "/uploads/products/../../../etc/passwd-1600.webp",
    "/uploads/products/00000000-0000-0000-0000-000000000000-1600.webp",
    "/uploads/products/%2e%2e%2fsentinel-1600.webp",
    "https://evil.example/x-1600.webp",
    "javascript:alert(1)",
    "/uploads/enhanced/..%2F..%2Fsentinel.txt",
  ];

  it.each(URLS)("%s is refused with a 400", async (imageUrl) => {
    const quick = await expectNothingStored(() =>
      send(t, seed.actors.member, {
        method: "POST",
        url: "/api/quickstore",
        payload: quickStoreBody(imageUrl),
      }),
    );
    expect(quick.statusCode).toBe(400);
    const product = await expectNothingStored(() =>
      send(t, seed.actors.member, {
        method: "POST",
        url: `/api/stores/${seed.store.id}/products`,
        ...multipart({ title: "By URL", basePrice: "10", imageUrl }),
      }),
    );
    expect(product.statusCode).toBe(400);
  });

  it("an uploaded file is only ever served from the upload folder", async () => {
    const make = resources(t, seed);
    const product = await make.product();
    await expectServedSafely(product.primaryImage);
    for (const url of ["/uploads/sentinel.txt", "/uploads/../sentinel.txt", "/uploads/%2e%2e/sentinel.txt"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("sentinel");
    }
  });
});
