import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import {
  PAYMENT_PROVIDERS,
  paymentChannelSchema,
  paymentChannelViewSchema,
  removePaymentChannelSchema,
} from "../../../shared/payment";
import { slugify } from "../../../shared/slug";
import {
  createStoreSchema,
  finnListingSchema,
  slugAvailabilitySchema,
  storeSummarySchema,
  updateStoreSchema,
} from "../../../shared/store";
import type { AppDeps } from "../../lib/deps";
import { requireAllowlistProof, requireStoreMember, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { listStoreProducts } from "../products";
import { shopAddressOf } from "../shop-hosts";
import { assertSellerSmsPhone } from "../sms";
import { sendContactEmailLink } from "./contact-email";
import { contactEmailRoutes } from "./contact-email-routes";
import { deliveryOptionRoutes } from "./delivery-option-routes";
import { buildFinnListing } from "./finn-listing";
import {
  type ChannelChanger,
  deletePaymentChannel,
  listPaymentChannels,
  savePaymentChannel,
} from "./payment-channels";
import { phoneVerificationRoutes } from "./phone-verification-routes";
import {
  createStore,
  deleteStore,
  getStoreSummary,
  isSlugFree,
  listMemberStores,
  suggestFreeSlug,
  updateStore,
} from "./service";

const storeParams = z.object({ id: z.string().max(100) });

export const storeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, onCatalogueChange } = deps;

  /** Who changes a payment channel, with the password they gave (decision 0058). */
  function channelChanger(request: FastifyRequest, currentPassword: string | undefined): ChannelChanger {
    let linkOrigin: string | null = null;
    try {
      linkOrigin = publicOrigin(request, config);
    } catch {
      // A host the site does not answer to: the owners' notice goes without a link rather than fail the save.
    }
    return { user: requireUser(request), currentPassword, clientIp: request.ip, auth: config, linkOrigin };
  }
  app.get(
    "/api/stores",
    { schema: { response: { 200: z.array(storeSummarySchema), ...errorResponses } } },
    async (request) => listMemberStores(db, requireUser(request)),
  );

  app.get(
    "/api/stores/slug-availability",
    {
      schema: {
        querystring: z.object({ slug: z.string().max(200) }),
        response: { 200: slugAvailabilitySchema, ...errorResponses },
      },
    },
    async (request) => {
      requireUser(request);
      const slug = slugify(request.query.slug);
      if (!slug) return { slug, available: false, suggestion: null };
      const available = await isSlugFree(db, slug);
      return { slug, available, suggestion: available ? slug : await suggestFreeSlug(db, slug) };
    },
  );

  app.post(
    "/api/stores",
    { schema: { body: createStoreSchema, response: { 201: storeSummarySchema, ...errorResponses } } },
    async (request, reply) => {
      const user = requireUser(request);
      requireAllowlistProof(user, config);
      const store = await createStore(db, user, request.body, onCatalogueChange);
      return reply.status(201).send(await getStoreSummary(db, store));
    },
  );

  app.get(
    "/api/stores/:id",
    { schema: { params: storeParams, response: { 200: storeSummarySchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return getStoreSummary(db, store);
    },
  );

  app.put(
    "/api/stores/:id",
    {
      schema: {
        params: storeParams,
        body: updateStoreSchema,
        response: { 200: storeSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const { phone } = request.body;
      if (phone) assertSellerSmsPhone(phone, config.sms.allowedCountries, requestLanguage(request));
      const updated = await updateStore(db, store, request.body, onCatalogueChange);
      const contact = updated.contactEmail;
      if (contact && contact !== store.contactEmail && contact !== updated.verifiedContactEmail) {
        // The address is saved whatever happens to its link: over the hourly allowance, the settings
        // say it waits and offer to send the link again (decision 0066).
        await sendContactEmailLink(db, updated, {
          linkOrigin: publicOrigin(request, config),
          language: requestLanguage(request),
        }).catch((error: unknown) => request.log.warn({ err: error }, "Contact address link not sent"));
      }
      return getStoreSummary(db, updated);
    },
  );

  app.delete(
    "/api/stores/:id",
    { schema: { params: storeParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      await deleteStore(db, store, onCatalogueChange);
      return { ok: true };
    },
  );

  app.get(
    "/api/stores/:id/payment-channels",
    {
      schema: {
        params: storeParams,
        response: { 200: z.array(paymentChannelViewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listPaymentChannels(db, store.id);
    },
  );

  app.post(
    "/api/stores/:id/payment-channels",
    {
      schema: {
        params: storeParams,
        body: paymentChannelSchema,
        response: { 201: paymentChannelViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const changer = channelChanger(request, request.body.currentPassword);
      return reply
        .status(201)
        .send(await savePaymentChannel(db, store.id, request.body, changer, onCatalogueChange));
    },
  );

  app.delete(
    "/api/stores/:id/payment-channels/:provider",
    {
      schema: {
        params: storeParams.extend({ provider: z.enum(PAYMENT_PROVIDERS, "errors.providerInvalid") }),
        body: removePaymentChannelSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      await deletePaymentChannel(
        db,
        store.id,
        request.params.provider,
        channelChanger(request, request.body?.currentPassword),
        onCatalogueChange,
        request.body?.expectedUpdatedAt,
      );
      return { ok: true };
    },
  );

  app.get(
    "/api/stores/:id/finn-listing",
    { schema: { params: storeParams, response: { 200: finnListingSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const products = await listStoreProducts(db, store.id, { includeInactive: false });
      const shop = await shopAddressOf(db, store.id);
      return buildFinnListing(store, products, publicOrigin(request, config), shop?.domain ?? null);
    },
  );

  await app.register(phoneVerificationRoutes, deps);
  await app.register(contactEmailRoutes, deps);
  await app.register(deliveryOptionRoutes, deps);
};
