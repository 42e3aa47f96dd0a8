import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, noBody, okSchema, rawBody } from "../../../shared/api";
import { translateShared } from "../../../shared/i18n";
import { pageQuerySchema } from "../../../shared/paging";
import {
  createQrCodeSchema,
  QR_CODE_PATTERN,
  qrCodeViewSchema,
  updateQrCodeSchema,
} from "../../../shared/qr";
import type { AppDeps } from "../../lib/deps";
import { escapeHtml } from "../../lib/escape";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { currentShopLink } from "../shop-hosts";
import {
  createQrCode,
  deleteQrCode,
  findQrCodeByCode,
  findVisibleQrCode,
  listQrCodes,
  qrPng,
  qrSvg,
  recordScan,
  scanTarget,
  toQrView,
  updateQrCode,
} from "./service";

const idParams = z.object({ id: z.string().max(100) });
/** The one paging query (src/shared/paging.ts). */
const pageQuery = pageQuerySchema();
const imageQuery = z.object({
  size: z.coerce
    .number("errors.sizeInvalid")
    .int("errors.sizeInvalid")
    .min(100, "errors.sizeInvalid")
    .max(2000, "errors.sizeInvalid")
    .default(200),
  format: z.enum(["png", "svg"], "errors.invalidInput").default("png"),
});

export const qrRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/qr-codes",
    { schema: { response: { 200: z.array(qrCodeViewSchema), ...errorResponses }, querystring: pageQuery } },
    async (request) => listQrCodes(db, requireUser(request), publicOrigin(request, config), request.query),
  );

  app.post(
    "/api/qr-codes",
    { schema: { response: { 201: qrCodeViewSchema, ...errorResponses }, body: createQrCodeSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.body.storeId) await requireStoreMember(db, user, request.body.storeId);
      const row = await createQrCode(db, user.id, request.body);
      const { storeName } = await findVisibleQrCode(db, user, row.id);
      return reply.status(201).send(toQrView(row, storeName, publicOrigin(request, config)));
    },
  );

  app.patch(
    "/api/qr-codes/:id",
    {
      schema: {
        response: { 200: qrCodeViewSchema, ...errorResponses },
        params: idParams,
        body: updateQrCodeSchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("qrCodeNotFound");
      const origin = publicOrigin(request, config);
      const { qr, storeName } = await updateQrCode(db, user, request.params.id, request.body, origin);
      return toQrView(qr, storeName, origin);
    },
  );

  app.delete(
    "/api/qr-codes/:id",
    { schema: { response: { 200: okSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      const user = requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("qrCodeNotFound");
      await deleteQrCode(db, user, request.params.id);
      return { ok: true };
    },
  );

  /** The printable image: public, like the printed code itself. */
  app.get(
    "/api/qr-codes/:code/image",
    {
      config: { public: true },
      schema: {
        response: { 200: rawBody("The printable code, image/png or image/svg+xml"), ...errorResponses },
        params: z.object({ code: z.string().max(100) }),
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      if (!QR_CODE_PATTERN.test(request.params.code)) throw notFound("qrCodeNotFound");
      const found = await findQrCodeByCode(db, request.params.code);
      if (!found) throw notFound("qrCodeNotFound");
      const scanUrl = `${publicOrigin(request, config)}/q/${found.qr.code}`;
      const { size, format } = request.query;
      reply.header("cache-control", "public, max-age=300");
      reply.header("content-disposition", `inline; filename="torg-${found.qr.code}.${format}"`);
      if (format === "svg")
        return reply.type("image/svg+xml").send(await qrSvg(scanUrl, found.storeName, size));
      return reply.type("image/png").send(await qrPng(scanUrl, found.storeName, size));
    },
  );

  /** A scan: counted atomically, then a redirect; an unknown or switched-off code gets a friendly page. */
  app.get(
    "/q/:code",
    {
      config: { public: true },
      schema: {
        response: {
          302: noBody("A redirect to the address the code points at"),
          404: rawBody("A friendly page: the code is unknown or switched off"),
          ...errorResponses,
        },
        params: z.object({ code: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const code = request.params.code;
      // A scan is a person opening the link. Browsers say what they are loading (Sec-Fetch-Dest): an
      // <img>, script or fetch pointing at /q/ from any page is not a scan and counts nothing. Clients
      // that send no such header (older browsers, scanner apps) are taken as people.
      const dest = request.headers["sec-fetch-dest"];
      const opened = dest === undefined || dest === "document";
      const target = !QR_CODE_PATTERN.test(code)
        ? undefined
        : opened
          ? await recordScan(db, code)
          : await scanTarget(db, code);
      if (target) {
        // A code printed for `/s/{slug}` or a product follows the shop to its own domain (decision 0080).
        const link = await currentShopLink(app.shopHosts, db, target, publicOrigin(request, config));
        return reply.header("cache-control", "no-store").redirect(link, 302);
      }
      const language = requestLanguage(request);
      const t = (key: string) => escapeHtml(translateShared(language, `qrPage.${key}`));
      return reply
        .status(404)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("title")} | Torg</title><link rel="icon" href="/favicon.svg"><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#fbf9f4;color:#1f1b16}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:.5rem 0}p{color:#5b5248;line-height:1.5}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#1b5a43;color:#fff;text-decoration:none;font-weight:600}@media (prefers-color-scheme:dark){body{background:#16120f;color:#f3eee6}p{color:#c9bfb2}a{background:#7cc4a4;color:#10231b}}</style></head><body><main><img src="/favicon.svg" alt="" width="56" height="56"><h1>${t("title")}</h1><p>${t("body")}</p><a href="/">${t("home")}</a></main></body></html>`,
        );
    },
  );
};
