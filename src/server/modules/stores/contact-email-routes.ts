import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { confirmContactEmailSchema, contactEmailSentSchema } from "../../../shared/store";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { confirmContactEmail, sendContactEmailLink } from "./contact-email";

const storeParams = z.object({ id: z.string().max(100) });

/** A store's contact address is proved with an e-mailed link before shoppers see it (decision 0066). */
export const contactEmailRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, onCatalogueChange },
) => {
  app.post(
    "/api/stores/:id/contact-email/resend",
    {
      schema: { params: storeParams, response: { 202: contactEmailSentSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const sent = await sendContactEmailLink(db, store, {
        linkOrigin: publicOrigin(request, config),
        language: requestLanguage(request),
      });
      return reply.status(202).send(sent);
    },
  );

  // Public: the link's token is the proof; whoever opens it need not be signed in on that device.
  app.post(
    "/api/stores/:id/contact-email/confirm",
    {
      config: { public: true },
      schema: {
        params: storeParams,
        body: confirmContactEmailSchema,
        response: { 200: z.object({ email: z.string(), store: z.string() }), ...errorResponses },
      },
    },
    async (request) => confirmContactEmail(db, request.params.id, request.body.token, onCatalogueChange),
  );
};
