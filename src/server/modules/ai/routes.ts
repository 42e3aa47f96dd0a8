import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { aiLogRowSchema } from "../../../shared/admin";
import { type AnalysisResult, analysisItemSchema, analysisResultSchema } from "../../../shared/ai";
import { errorResponses } from "../../../shared/api";
import { translateError } from "../../../shared/i18n";
import { MAX_PHOTOS } from "../../../shared/image-limits";
import { pageQuerySchema } from "../../../shared/paging";
import type { AiProvider } from "../../adapters/ai";
import type { FileStorage } from "../../adapters/storage";
import { aiLogs } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { readMultipart } from "../../lib/multipart";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { aiLogScope, analyseImage } from "./service";

type Deps = AppDeps & { storage: FileStorage; aiProvider: AiProvider };

export const aiRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, config } = deps;
  const services = { db, storage: deps.storage, provider: deps.aiProvider, timeoutMs: config.ai.timeoutMs };

  /**
   * Analysis is open to visitors (quick-create, decision 0005) but counted per client: a visitor per address; an
   * account per account and also per address, since sign-ups are cheap and each brings its own quota.
   */
  async function checkAnalysisQuota(request: Parameters<typeof requireUser>[0], images: number) {
    const user = request.user;
    const counted = { windowMs: HOUR_MS, messageKey: "tooManyAnalyses", units: images } as const;
    const address = { ip: request.ip, log: request.log, trustProxy: config.trustProxy };
    if (!user) {
      await enforceQuota(db, {
        ...counted,
        key: `ai:ip:${request.ip}`,
        limit: config.ai.anonymousPerHour,
        address,
      });
      return;
    }
    await enforceQuota(db, { ...counted, key: `ai:user:${user.id}`, limit: config.ai.userPerHour });
    await enforceQuota(db, {
      ...counted,
      key: `ai:address:${request.ip}`,
      limit: config.ai.addressPerHour,
      address,
    });
  }

  /** A store named by the add-product page must be the caller's (it only labels the AI log). */
  async function storeContext(request: Parameters<typeof requireUser>[0], storeId: string | undefined) {
    if (!storeId || !request.user || !isUuid(storeId)) return undefined;
    return (await requireStoreMember(db, request.user, storeId).catch(() => undefined))?.id;
  }

  app.post(
    "/api/products/analyze",
    { schema: { response: { 200: analysisResultSchema, ...errorResponses } }, config: { public: true } },
    async (request) => {
      const body = await readMultipart(request, { maxFiles: 1, fileFields: ["productImage"] });
      const file = body.files[0];
      if (!file) throw new HttpError(400, "imageRequired");
      await checkAnalysisQuota(request, 1);
      return analyseImage(services, file.buffer, {
        endpoint: "/api/products/analyze",
        user: request.user,
        storeId: await storeContext(request, body.fields.storeId),
        language: requestLanguage(request),
        fileName: file.filename,
        log: request.log,
      });
    },
  );

  /**
   * Up to 10 photos. With `Accept: application/x-ndjson` each result is streamed as a line
   * the moment it is ready, so the client can show real progress; otherwise one JSON array at the end.
   * One bad photo does not sink the others: it comes back with its own error.
   */
  app.post(
    "/api/products/analyze-multiple",
    {
      schema: {
        response: {
          200: z.array(analysisItemSchema).meta({
            description:
              'One item per photo, in order; with Accept: application/x-ndjson the same items stream as lines ({type:"start"}, {type:"result", done, total, ...item}, {type:"end"})',
          }),
          ...errorResponses,
        },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const body = await readMultipart(request, { maxFiles: MAX_PHOTOS, fileFields: ["productImages"] });
      if (body.files.length === 0) throw new HttpError(400, "imageRequired");
      await checkAnalysisQuota(request, body.files.length);
      const options = {
        endpoint: "/api/products/analyze-multiple",
        user: request.user,
        storeId: await storeContext(request, body.fields.storeId),
        language: requestLanguage(request),
        log: request.log,
      };
      type Item = { index: number; fileName: string } & (
        | { ok: true; result: AnalysisResult }
        | { ok: false; error: string; status: number }
      );
      const analyseOne = async (index: number): Promise<Item> => {
        const file = body.files[index];
        const fileName = file?.filename ?? "";
        try {
          return {
            index,
            fileName,
            ok: true,
            result: await analyseImage(services, file?.buffer ?? Buffer.alloc(0), { ...options, fileName }),
          };
        } catch (error) {
          const status = error instanceof HttpError ? error.statusCode : 500;
          const message =
            error instanceof HttpError
              ? translateError(options.language, error.messageKey, error.params)
              : translateError(options.language, "analysisFailedShort");
          if (!(error instanceof HttpError)) request.log.error({ err: error }, "image analysis failed");
          return { index, fileName, ok: false, error: message, status };
        }
      };

      if (!request.headers.accept?.includes("application/x-ndjson")) {
        const items: Item[] = [];
        for (let index = 0; index < body.files.length; index++) items.push(await analyseOne(index));
        return items;
      }
      // Streamed past Fastify's serializer; the security headers it would have sent are copied over.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        "content-type": "application/x-ndjson; charset=utf-8",
        "cache-control": "no-store",
      });
      reply.raw.write(`${JSON.stringify({ type: "start", total: body.files.length })}\n`);
      for (let index = 0; index < body.files.length; index++) {
        const item = await analyseOne(index);
        reply.raw.write(
          `${JSON.stringify({ type: "result", done: index + 1, total: body.files.length, ...item })}\n`,
        );
      }
      reply.raw.end(`${JSON.stringify({ type: "end" })}\n`);
      return reply;
    },
  );

  const logsQuery = pageQuerySchema();

  const listLogs = async (request: Parameters<typeof requireUser>[0], page: z.infer<typeof logsQuery>) =>
    db
      .select()
      .from(aiLogs)
      .where(await aiLogScope(db, requireUser(request)))
      .orderBy(desc(aiLogs.createdAt))
      .limit(page.limit)
      .offset(page.offset);
  app.get(
    "/api/ai-logs",
    { schema: { response: { 200: z.array(aiLogRowSchema), ...errorResponses }, querystring: logsQuery } },
    async (request) => listLogs(request, request.query),
  );
  app.get(
    "/api/openai-logs",
    { schema: { response: { 200: z.array(aiLogRowSchema), ...errorResponses }, querystring: logsQuery } },
    async (request) => listLogs(request, request.query),
  );
};
