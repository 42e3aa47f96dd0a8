import { AwsClient } from "aws4fetch";
import { assertStorageKey, contentTypeOf, type FileStorage } from "./storage";

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key) work with MinIO, s3rver, Ceph and AWS alike. */
  forcePathStyle: boolean;
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
  };
}
