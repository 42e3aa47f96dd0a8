import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Agent } from "./harness";

/** A multipart/form-data body built by hand, so tests control every byte (file names, types, sizes). */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; body: Buffer; type?: string }[] = [],
) {
  const boundary = `----torg${randomUUID().replaceAll("-", "")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.body,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small real JPEG: a warm background with a darker "product" in the middle. */
export async function sampleJpeg(width = 1200, height = 900): Promise<Buffer> {
  const product = await sharp({
    create: {
      width: Math.round(width / 3),
      height: Math.round(height / 3),
      channels: 3,
      background: { r: 90, g: 60, b: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 235, g: 225, b: 210 } } })
    .composite([{ input: product, gravity: "center" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function createStoreVia(
  agent: Agent,
  name = `Store ${randomUUID().slice(0, 6)}`,
  slug?: string,
) {
  const response = await agent.post("/api/stores", {
    name,
    slug:
      slug ??
      `${name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}-${randomUUID().slice(0, 6)}`,
  });
  if (response.statusCode !== 201)
    throw new Error(`store create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; slug: string; name: string };
}

/** A product with a photo; unlimited stock unless `fields.stockQty` says otherwise (decision 0032). */
export async function createProductVia(agent: Agent, storeId: string, fields: Record<string, string> = {}) {
  const form = multipart(
    {
      title: "Stoneware mug",
      blurb: "Wheel-thrown, glazed in ash green.",
      basePrice: "349",
      stockQty: "",
      ...fields,
    },
    [{ field: "image", filename: "mug.jpg", body: await sampleJpeg(), type: "image/jpeg" }],
  );
  const response = await agent.request({ method: "POST", url: `/api/stores/${storeId}/products`, ...form });
  if (response.statusCode !== 201)
    throw new Error(`product create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; title: string; basePrice: string; primaryImage: string };
}
