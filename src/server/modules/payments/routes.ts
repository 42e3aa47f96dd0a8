import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import {
  orderPaymentStateSchema,
  PAYMENT_PROVIDERS,
  paymentMethodsSchema,
  retryPaymentSchema,
  shopperPaymentSchema,
} from "../../../shared/payment";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { notFound } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { channelReadiness, offeredProviders, readOrderPayment, retryPayment } from "./service";
import { cancelByShopper } from "./shopper-cancel";
import type { PaymentContext } from "./state";
import { handleWebhook } from "./webhooks";

const tokenParams = z.object({ token: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });
const readiness = z.enum(["ok", "noPlatformKeys", "notLive", "notConfigured"]);
const readinessSchema = z.object({ vipps: readiness, stripe: readiness });
/** Events in the call, applied to their payment, and refused (another merchant's, currency or amount). */
const webhookAnswer = z.object({ received: z.number(), applied: z.number(), refused: z.number() });

/** Payments (decision 0034): the providers' webhooks, the shopper's payment on their order page, readiness. */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps & { payments: PaymentContext }> = async (
  app,
  { db, config, payments },
) => {
  // Webhook signatures cover the exact bytes sent: these routes keep the body as text.
  app.register(async (webhooks) => {
    webhooks.removeContentTypeParser("application/json");
    webhooks.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of PAYMENT_PROVIDERS) {
      webhooks.post(
        `/api/payments/${provider}/webhook`,
        { config: { public: true }, schema: { response: { 200: webhookAnswer, ...errorResponses } } },
        async (request) =>
          handleWebhook(payments, provider, {
            rawBody: typeof request.body === "string" ? request.body : "",
            headers: request.headers,
            pathAndQuery: request.url,
          }),
      );
    }
  });

  app.get(
    "/api/orders/by-token/:token/payment",
    {
      config: { public: true },
      schema: { params: tokenParams, response: { 200: orderPaymentStateSchema, ...errorResponses } },
    },
    async (request) => readOrderPayment(payments, request.params.token),
  );

  app.post(
    "/api/orders/by-token/:token/payment",
    {
      config: { public: true },
      schema: {
        params: tokenParams,
        body: retryPaymentSchema,
        response: { 200: shopperPaymentSchema, ...errorResponses },
      },
    },
    async (request) =>
      retryPayment(payments, {
        token: request.params.token,
        provider: request.body?.provider,
        origin: publicOrigin(request, config),
        language: requestLanguage(request),
        client: { ip: request.ip, log: request.log, trustProxy: config.trustProxy },
      }),
  );

  /** The shopper cancels her own unpaid order, authorised by the order page's token (decision 0063). */
  app.post(
    "/api/orders/by-token/:token/cancel",
    {
      config: { public: true },
      schema: { params: tokenParams, response: { 200: orderPaymentStateSchema, ...errorResponses } },
    },
    async (request) =>
      cancelByShopper(payments, {
        token: request.params.token,
        client: { ip: request.ip, log: request.log, trustProxy: config.trustProxy },
      }),
  );

  /** Public: the checkout's choice of payment, the store's live channels the platform can take. */
  app.get(
    "/api/stores/:id/payment-methods",
    {
      config: { public: true },
      schema: { params: idParams, response: { 200: paymentMethodsSchema, ...errorResponses } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound("storeNotFound");
      return {
        providers: await offeredProviders(payments, request.params.id),
        holdMinutes: Math.round(config.payments.expiryMs / 60_000),
        textCountries: [...config.sms.allowedCountries],
      };
    },
  );

  app.get(
    "/api/stores/:id/payment-readiness",
    { schema: { params: idParams, response: { 200: readinessSchema, ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return channelReadiness(payments, store.id);
    },
  );
};
