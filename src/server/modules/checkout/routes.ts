import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/api";
import {
  orderQuoteSchema,
  placedOrderSchema,
  placeOrderSchema,
  quoteOrderSchema,
} from "../../../shared/order";
import type { Carriers } from "../../adapters/carriers";
import type { AppDeps } from "../../lib/deps";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import type { PaymentContext } from "../payments";
import { orderLinkOrigin, readPhoneSchema } from "../sms";
import { checkout } from "./checkout";
import { quoteOrder } from "./quote";

/** The checkout's body as the server reads it: the shopper's phone is parsed here, once, for all it is used for. */
const placeOrderBodySchema = placeOrderSchema.extend({ shipToPhone: readPhoneSchema });

export const checkoutRoutes: FastifyPluginAsyncZod<
  AppDeps & {
    smsOutbox: { wake(): void } | undefined;
    emailOutbox: { wake(): void } | undefined;
    payments: PaymentContext;
    carriers: Carriers;
  }
> = async (app, deps) => {
  const { config } = deps;

  /** The address of the order page link in the answer and the receipt (decision 0026), when there is one. */
  function receiptLinkOrigin(request: FastifyRequest): string | null {
    if (config.publicUrl) return config.publicUrl;
    try {
      return publicOrigin(request, config);
    } catch {
      return null;
    }
  }

  /** Public: shoppers have no account. */
  app.post(
    "/api/orders",
    {
      config: { public: true },
      schema: {
        response: { 200: placedOrderSchema, 201: placedOrderSchema, ...errorResponses },
        body: placeOrderBodySchema,
      },
    },
    async (request, reply) => {
      const header = request.headers["idempotency-key"];
      const { status, body } = await checkout(deps, {
        body: request.body,
        idempotencyKey: typeof header === "string" ? header : undefined,
        language: requestLanguage(request),
        client: { ip: request.ip, log: request.log },
        smsLinkOrigin: () => orderLinkOrigin(request, config),
        // Torg's address, or none when the request's Host is not one it answers to: the order is placed
        // all the same, and answered without the link rather than with an error (decision 0026).
        receiptOrigin: receiptLinkOrigin(request),
        requestOrigin: () => publicOrigin(request, config),
      });
      return reply.status(status).send(body);
    },
  );

  /** Public, read-only: what an order would cost with its codes (decision 0076), before the buyer's details. */
  app.post(
    "/api/orders/quote",
    {
      config: { public: true },
      schema: { response: { 200: orderQuoteSchema, ...errorResponses }, body: quoteOrderSchema },
    },
    async (request) =>
      quoteOrder(deps, request.body, requestLanguage(request), { ip: request.ip, log: request.log }),
  );
};
