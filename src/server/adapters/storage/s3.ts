import { AwsClient } from "aws4fetch";
import {
  assertStorageKey,
  assertStoragePrefix,
  contentTypeOf,
  type FileStorage,
  STORAGE_KEY_PATTERN,
} from "./storage";

/** The text of an XML element's content: S3 escapes the five XML characters and nothing else. */
function xmlText(raw: string | undefined): string {
  return (raw ?? "").replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) =>
    name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : name === "apos" ? "'" : "&",
  );
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key) work with MinIO, s3rver, Ceph and AWS alike. */
  forcePathStyle: boolean;
  /** Keys per list request (S3's maximum, 1000, unless a test wants to see several pages). */
  listPageSize?: number;
}

/** Any S3-compatible object store, signed with SigV4; the app keeps serving files under /uploads/. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
  });
  const endpoint = options.endpoint.replace(/\/$/, "");
  const objectUrl = (key: string) => {
    assertStorageKey(key);
    if (options.forcePathStyle) return `${endpoint}/${options.bucket}/${key}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${options.bucket}.${url.host}/${key}`;
  };
  const request = async (key: string, init: RequestInit) => {
    const response = await client.fetch(objectUrl(key), { ...init, signal: AbortSignal.timeout(15_000) });
    return response;
  };
  const bucketUrl = () => {
    if (options.forcePathStyle) return `${endpoint}/${options.bucket}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${options.bucket}.${url.host}/`;
  };
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const response = await request(key, {
        method: "PUT",
        body: new Uint8Array(body),
        headers: { "content-type": contentType, "content-length": String(body.length) },
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    },
    async get(key) {
      const response = await request(key, { method: "GET" });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return {
        body,
        contentType: response.headers.get("content-type") ?? contentTypeOf(key),
        size: body.length,
      };
    },
    async exists(key) {
      const response = await request(key, { method: "HEAD" });
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD ${key} failed: ${response.status}`);
      return true;
    },
    async delete(key) {
      const response = await request(key, { method: "DELETE" });
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    },
    /**
     * ListObjects (version 1, which every S3-compatible store speaks), a page at a time: the next page
     * starts after the last key of this one.
     */
    async *list(prefix) {
      assertStoragePrefix(prefix);
      let marker = "";
      for (;;) {
        const query = new URLSearchParams({ prefix, "max-keys": String(options.listPageSize ?? 1000) });
        if (marker) query.set("marker", marker);
        const response = await client.fetch(`${bucketUrl()}?${query}`, {
          method: "GET",
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) throw new Error(`S3 LIST ${prefix} failed: ${response.status}`);
        const xml = await response.text();
        let last = "";
        for (const [, contents = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(contents)?.[1]);
          const lastModified = new Date(
            xmlText(/<LastModified>([\s\S]*?)<\/LastModified>/.exec(contents)?.[1]),
          );
          last = key;
          if (!STORAGE_KEY_PATTERN.test(key) || Number.isNaN(lastModified.getTime())) continue;
          yield { key, lastModified };
        }
        if (!/<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml) || !last || last <= marker) return;
        marker = last;
      }
    },
  };
}
