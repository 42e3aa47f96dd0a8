import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { normalizePhoneCode, PHONE_CODE_PATTERN } from "../../../shared/phone";
import { storeSummarySchema } from "../../../shared/store";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import { confirmPhoneCode, sendPhoneCode } from "./phone-verification";
import { getStoreSummary } from "./service";

const storeParams = z.object({ id: z.string().max(100) });
const confirmBody = z.object({
  code: z
    .string("errors.verificationCodeInvalid")
    .max(20, "errors.verificationCodeInvalid")
    .transform(normalizePhoneCode)
    .pipe(z.string().regex(PHONE_CODE_PATTERN, "errors.verificationCodeInvalid")),
});

/** A store's SMS phone is proved with a texted code before it gets any order's text. */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, onCatalogueChange },
) => {
  app.post(
    "/api/stores/:id/phone-verification",
    {
      schema: {
        params: storeParams,
        response: { 202: z.object({ phone: z.string(), expiresAt: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const sent = await sendPhoneCode(db, store, {
        allowedCountries: config.sms.allowedCountries,
        language: requestLanguage(request),
      });
      return reply.status(202).send(sent);
    },
  );

  app.post(
    "/api/stores/:id/phone-verification/confirm",
    {
      schema: {
        params: storeParams,
        body: confirmBody,
        response: { 200: storeSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return getStoreSummary(db, await confirmPhoneCode(db, store, request.body.code, onCatalogueChange));
    },
  );
};
