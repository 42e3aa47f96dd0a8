import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  giftCardBalanceQuerySchema,
  giftCardBalanceSchema,
  giftCardChangeSchema,
  giftCardSettingsSchema,
  giftCardViewSchema,
  normalizeGiftCardCode,
} from "../../../shared/gift-card";
import { ADMIN_PAGE_SIZE, pageQuerySchema, TOTAL_COUNT_HEADER } from "../../../shared/paging";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { badRequest, notFound } from "../../lib/http-error";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import {
  changeGiftCard,
  findGiftCardStoreId,
  getGiftCardSettings,
  giftCardBalance,
  pageGiftCards,
  saveGiftCardSettings,
} from "./service";

/**
 * Balance checks one client address may make an hour. A shopper checks a card or two; guessing a live
 * code among 2^55 needs billions of tries, and a mistyped one is refused by its check symbol before it
 * counts.
 */
export const GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR = 20;

const idParams = z.object({ id: z.string().max(100) });
/** The settings as answered: giftCardSettingsSchema's shape, without the transforms an answer cannot encode. */
const settingsAnswerSchema = z.object({
  enabled: z.boolean(),
  amounts: z.array(z.string()),
  customMin: z.string().nullable(),
  customMax: z.string().nullable(),
  validityMonths: z.number(),
});
const cardPageSchema = z.array(giftCardViewSchema).meta({
  description: `One page of the store's gift cards, newest first; the ${TOTAL_COUNT_HEADER} header holds how many it has`,
});

/** Gift cards (decision 0076): the seller's offer and cards, and the shopper's balance check. */
export const giftCardRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, onCatalogueChange },
) => {
  app.get(
    "/api/stores/:id/gift-card-settings",
    { schema: { params: idParams, response: { 200: settingsAnswerSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return getGiftCardSettings(db, store.id);
    },
  );

  app.put(
    "/api/stores/:id/gift-card-settings",
    {
      schema: {
        params: idParams,
        body: giftCardSettingsSchema,
        response: { 200: settingsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return saveGiftCardSettings(db, store.id, request.body, onCatalogueChange);
    },
  );

  app.get(
    "/api/stores/:id/gift-cards",
    {
      schema: {
        params: idParams,
        querystring: pageQuerySchema({ defaultLimit: ADMIN_PAGE_SIZE }),
        response: { 200: cardPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const { items, total } = await pageGiftCards(db, store.id, request.query);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.put(
    "/api/gift-cards/:id",
    {
      schema: {
        params: idParams,
        body: giftCardChangeSchema,
        response: { 200: giftCardViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound("giftCardNotFound");
      // Another seller's card does not exist for them (decision 0004).
      await requireStoreMember(db, user, await findGiftCardStoreId(db, id)).catch(() => {
        throw notFound("giftCardNotFound");
      });
      return changeGiftCard(db, id, request.body);
    },
  );

  /** Public: whoever holds a code may see what is left on it. */
  app.get(
    "/api/stores/:id/gift-cards/balance",
    {
      config: { public: true },
      schema: {
        params: idParams,
        querystring: giftCardBalanceQuerySchema,
        response: { 200: giftCardBalanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A mistyped code is told so before anything is read or counted.
      const code = normalizeGiftCardCode(request.query.code);
      if (!code) throw badRequest("giftCardCodeInvalid");
      await enforceQuota(db, {
        key: `gift-card-balance:ip:${request.ip}`,
        limit: GIFT_CARD_BALANCE_CHECKS_PER_IP_PER_HOUR,
        windowMs: HOUR_MS,
        messageKey: "tooManyRequests",
        address: { ip: request.ip, log: request.log, trustProxy: config.trustProxy },
      });
      if (!isUuid(request.params.id)) throw notFound("giftCardUnknown");
      return giftCardBalance(db, request.params.id, code);
    },
  );
};
