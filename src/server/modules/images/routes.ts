import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, rawBody } from "../../../shared/api";
import type { FileStorage } from "../../adapters/storage";
import { LABEL_FOLDER, STORAGE_KEY_PATTERN } from "../../adapters/storage/storage";
import type { AppDeps } from "../../lib/deps";
import { notFound } from "../../lib/http-error";

/**
 * Uploaded files, from whichever storage is configured. Names are unique per upload, so they are cached
 * for a year; the files are our own WebP re-encodings, never what was uploaded.
 */
export const uploadRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    "/uploads/*",
    {
      config: { public: true },
      schema: {
        response: { 200: rawBody("An uploaded photo (our own WebP re-encoding)"), ...errorResponses },
        params: z.object({ "*": z.string().max(300) }),
      },
    },
    async (request, reply) => {
      const key = request.params["*"];
      // Labels are the seller's alone (they show the shopper's address): GET /api/orders/{id}/shipment/label.
      if (!STORAGE_KEY_PATTERN.test(key) || key.includes("..") || key.startsWith(LABEL_FOLDER))
        throw notFound("fileNotFound");
      const file = await storage.get(key);
      if (!file) throw notFound("fileNotFound");
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("content-type", file.contentType);
      reply.header("x-content-type-options", "nosniff");
      reply.header("content-security-policy", "default-src 'none'; sandbox");
      if (file.size !== undefined) reply.header("content-length", file.size);
      return reply.send(file.body);
    },
  );
};
