import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import type { ErrorKey } from "../../../shared/i18n";
import { identityInputSchema, identityViewSchema, MAX_ABOUT_LINKS } from "../../../shared/identity";
import type { FileStorage } from "../../adapters/storage";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { badRequest } from "../../lib/http-error";
import { readMultipart } from "../../lib/multipart";
import { storeAboutPhoto, storeLogo } from "./assets";
import { identityView, saveIdentity } from "./service";

const storeParams = z.object({ id: z.string().max(100) });

/**
 * The body is checked here rather than by the route's schema: the refusal for too many links names the
 * limit ({{max}}), which the schema check's answer cannot fill in.
 */
function identityInput(body: unknown) {
  const parsed = identityInputSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "";
  const key = (message.startsWith("errors.") ? message.slice("errors.".length) : "invalidInput") as ErrorKey;
  throw badRequest(key, key === "aboutTooManyLinks" ? { max: MAX_ABOUT_LINKS } : undefined);
}

/** The one image of an upload; without one, the refusal names what was to be uploaded. */
async function uploadedImage(
  request: Parameters<typeof readMultipart>[0],
  missing: "logoRequired" | "aboutPhotoRequired",
) {
  const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
  const file = body.files[0];
  if (!file) throw badRequest(missing);
  return file;
}

/** A shop's own look (decision 0080): the logo and about photo uploads, and the look itself. */
export const identityRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { db, storage, onCatalogueChange },
) => {
  app.post(
    "/api/stores/:id/identity/logo",
    {
      schema: {
        params: storeParams,
        response: { 200: z.object({ logoImageUrl: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return {
        logoImageUrl: await storeLogo(storage, store.id, await uploadedImage(request, "logoRequired")),
      };
    },
  );

  app.post(
    "/api/stores/:id/identity/about-photo",
    {
      schema: {
        params: storeParams,
        response: { 200: z.object({ imageUrl: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return {
        imageUrl: await storeAboutPhoto(
          storage,
          store.id,
          await uploadedImage(request, "aboutPhotoRequired"),
        ),
      };
    },
  );

  app.get(
    "/api/stores/:id/identity",
    { schema: { params: storeParams, response: { 200: identityViewSchema, ...errorResponses } } },
    async (request) => identityView(await requireStoreMember(db, requireUser(request), request.params.id)),
  );

  app.put(
    "/api/stores/:id/identity",
    { schema: { params: storeParams, response: { 200: identityViewSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return saveIdentity(db, storage, store, identityInput(request.body), onCatalogueChange);
    },
  );
};
