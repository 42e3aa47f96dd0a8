import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductVia, createStoreVia } from "../../test/fixtures";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { createS3Storage } from "./s3";

/** A local S3-compatible server (s3rver) stands in for the object store. */
let server: S3rver;
let endpoint: string;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-s3-"));
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "torg-uploads", configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const credentials = {
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  region: "us-east-1",
  bucket: "torg-uploads",
  forcePathStyle: true,
};

describe("S3-compatible storage", () => {
  it("puts, gets and deletes objects with signed requests", async () => {
    const storage = createS3Storage({ endpoint, ...credentials });
    await storage.put("products/abc-1600.webp", Buffer.from("webp bytes"), "image/webp");
    const file = await storage.get("products/abc-1600.webp");
    expect(file?.contentType).toBe("image/webp");
    expect(Buffer.from(file?.body as Buffer).toString()).toBe("webp bytes");
    await storage.delete("products/abc-1600.webp");
    expect(await storage.get("products/abc-1600.webp")).toBeUndefined();
  });

  it("lists one folder page by page, with when each file was written", async () => {
    const storage = createS3Storage({ endpoint, ...credentials, listPageSize: 2 });
    const keys = ["a", "b", "c", "d", "e"].map((name) => `listed/${name}-1600.webp`);
    const before = Date.now() - 60_000;
    for (const key of keys) await storage.put(key, Buffer.from(key), "image/webp");
    await storage.put("elsewhere/x-1600.webp", Buffer.from("x"), "image/webp");
    const listed = [];
    for await (const file of storage.list("listed/")) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual(keys);
    for (const file of listed) expect(file.lastModified.getTime()).toBeGreaterThan(before);
    const none = [];
    for await (const file of storage.list("nothing/")) none.push(file);
    expect(none).toEqual([]);
  });

  it("housekeeping deletes the unclaimed uploads in the bucket and keeps the claimed ones", async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: credentials.bucket,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      });
      const { agent } = await signUp(t.app);
      const store = await createStoreVia(agent);
      const product = await createProductVia(agent, store.id);
      // An analysed photo nothing saved: its three widths, as the pipeline names them.
      const storage = createS3Storage({ endpoint, ...credentials });
      const abandoned = `products/${randomUUID()}`;
      for (const width of [1600, 800, 400])
        await storage.put(`${abandoned}-${width}.webp`, Buffer.from("webp"), "image/webp");

      // Nothing is a day old yet.
      expect((await t.app.housekeeping.run()).uploads).toBe(0);
      // Two days on, the abandoned photo goes.
      const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
      expect((await t.app.housekeeping.run(later)).uploads).toBeGreaterThanOrEqual(1);
      for (const width of [1600, 800, 400])
        expect(await storage.exists(`${abandoned}-${width}.webp`)).toBe(false);
      expect((await t.app.inject({ url: product.primaryImage })).statusCode).toBe(200);
    } finally {
      await t?.close();
    }
  });

  it("reports a failing object store as an error instead of pretending", async () => {
    const storage = createS3Storage({ endpoint, ...credentials, bucket: "no-such-bucket" });
    await expect(storage.put("products/x-1600.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /S3 PUT/,
    );
  });

  it("serves uploads through the app when S3 is configured", async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: credentials.bucket,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      });
      const { agent } = await signUp(t.app);
      const store = await createStoreVia(agent);
      const product = await createProductVia(agent, store.id);
      const image = await t.app.inject({ url: product.primaryImage });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
      // Nothing went to the local upload folder.
      expect(fs.readdirSync(t.config.uploadDir ?? "")).toEqual([]);
    } finally {
      await t?.close();
    }
  });
});
