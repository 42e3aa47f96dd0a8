import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  CARRIER_UNAVAILABLE_HEADER,
  pickupPointListSchema,
  shippingOptionListSchema,
} from "../../../shared/shipping";
import {
  pickupPointsQuerySchema,
  shippingOptionsQuerySchema,
  shippingOptionsQuestionSchema,
} from "../../../shared/shipping-checkout";
import type { Carriers } from "../../adapters/carriers";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../lib/deps";
import { requestLanguage } from "../../lib/language";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { pickupPoints, type ShippingQuestion, shippingOptions } from "./shipping-options";

/**
 * Carrier questions per client address and hour: the shipping options, the pick-up points and the
 * quotes with a carrier service. Each may cost a call to the carrier on the seller's account (whose own
 * limits a loop would use up); a shopper trying a few postcodes and services makes a few dozen.
 */
export const CARRIER_QUESTIONS_PER_IP_PER_HOUR = 300;

/** Counts one carrier question from this client against CARRIER_QUESTIONS_PER_IP_PER_HOUR. */
export function countCarrierQuestion(
  db: DbOrTx,
  config: Pick<Config, "trustProxy">,
  client: { ip: string; log: FastifyBaseLogger },
) {
  return enforceQuota(db, {
    key: `carrier:ip:${client.ip}`,
    limit: CARRIER_QUESTIONS_PER_IP_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyRequests",
    address: { ...client, trustProxy: config.trustProxy },
  });
}

const storeParams = z.object({ id: z.string().uuid("errors.storeNotFound") });

/**
 * The checkout's questions to the store's carrier (decision 0079). Public: shoppers are anonymous. The
 * cart comes as in an order (`items`), JSON in the query of a GET or the body of a POST.
 */
export const shippingCheckoutRoutes: FastifyPluginAsyncZod<AppDeps & { carriers: Carriers }> = async (
  app,
  deps,
) => {
  const { db, config, carriers } = deps;
  const shipping = { db, carriers };
  const response = { 200: shippingOptionListSchema, ...errorResponses };

  async function answerOptions(
    question: ShippingQuestion,
    client: { ip: string; log: FastifyBaseLogger },
    header: (name: string, value: string) => void,
  ) {
    await countCarrierQuestion(db, config, client);
    const { options, carrierAnswered } = await shippingOptions(shipping, question);
    // The checkout says so and offers the store's own options beside the seller-priced services.
    if (!carrierAnswered) header(CARRIER_UNAVAILABLE_HEADER, "1");
    return options;
  }

  app.get(
    "/api/stores/:id/shipping-options",
    {
      config: { public: true },
      schema: { params: storeParams, querystring: shippingOptionsQuerySchema, response },
    },
    async (request, reply) =>
      answerOptions(
        { storeId: request.params.id, ...request.query, language: requestLanguage(request) },
        { ip: request.ip, log: request.log },
        (name, value) => reply.header(name, value),
      ),
  );

  app.post(
    "/api/stores/:id/shipping-options",
    {
      config: { public: true },
      schema: { params: storeParams, body: shippingOptionsQuestionSchema, response },
    },
    async (request, reply) =>
      answerOptions(
        { storeId: request.params.id, ...request.body, language: requestLanguage(request) },
        { ip: request.ip, log: request.log },
        (name, value) => reply.header(name, value),
      ),
  );

  app.get(
    "/api/stores/:id/pickup-points",
    {
      config: { public: true },
      schema: {
        params: storeParams,
        querystring: pickupPointsQuerySchema,
        response: { 200: pickupPointListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await countCarrierQuestion(db, config, { ip: request.ip, log: request.log });
      return pickupPoints(shipping, { storeId: request.params.id, ...request.query });
    },
  );
};
