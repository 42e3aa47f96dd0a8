import type { FastifyBaseLogger } from "fastify";
import type { PlacedOrder, PlaceOrderInput } from "../../../shared/order";
import type { Language } from "../../../shared/preferences";
import type { Carriers } from "../../adapters/carriers";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { OnCatalogueChange } from "../../lib/deps";
import { badRequest } from "../../lib/http-error";
import { enforceQuota, HOUR_MS } from "../../lib/rate-limit";
import { offeredProviders, type PaymentContext, paymentOfOrder, startPayment } from "../payments";
import { priceCarrierDelivery } from "../shipping";
import { shopLinkOf } from "../shop-hosts";
import { type ReadPhone, shopperGetsTexts } from "../sms";
import { placeOrder } from "./place-order";

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** What checkout needs of the app: the database, payments, the outboxes to wake, the public cache. */
export interface CheckoutDeps {
  config: Config;
  database: Database;
  payments: PaymentContext;
  smsOutbox: { wake(): void } | undefined;
  emailOutbox: { wake(): void } | undefined;
  onCatalogueChange: OnCatalogueChange;
  /** The carriers this server reaches (decision 0079): a carrier's service is priced before placing. */
  carriers: Carriers;
}

/** One checkout request as the route read it: the body, and what the request says about its sender. */
export interface CheckoutRequest {
  /** The body, its phone read once (the SMS destination module's parse). */
  body: Omit<PlaceOrderInput, "shipToPhone"> & { shipToPhone: ReadPhone };
  /** The Idempotency-Key header as sent, if any. */
  idempotencyKey: string | undefined;
  language: Language;
  client: { ip: string; log: FastifyBaseLogger };
  /** Torg's address for the links in the buyer's text (orderLinkOrigin), or null; read when placing. */
  smsLinkOrigin(): string | null;
  /** Torg's address for the order page link in the answer and the receipt (decision 0026), or null. */
  receiptOrigin: string | null;
  /** The request's own origin, for a payment's return address when there is no receipt origin. */
  requestOrigin(): string;
}

/** The answer: 201 for a new order, 200 for one an earlier request with the same key placed. */
export interface CheckoutAnswer {
  status: 200 | 201;
  body: PlacedOrder;
}

/**
 * Checkout as one use case (decision 0071), for POST /api/orders:
 * 1. validate: the Idempotency-Key, the per-address order limit, the payment channel, where the buyer's
 *    confirmation goes (a text only to a country Torg texts, decision 0068);
 * 2. a carrier's service named (decision 0079): priced here, before the batch, from the cart's weight
 *    and the carrier's answer (kept a few minutes) or the seller's own price; never from the browser;
 * 3. price and write (placeOrder: price.ts prices over the shared rules, write.ts stores the priced rows
 *    and takes the stock, batched with the checkouts arriving meanwhile);
 * 4. after the commit: wake the outboxes, stop offering what sold out, start the online payment unless
 *    nothing is left to pay (decision 0076).
 */
export async function checkout(deps: CheckoutDeps, request: CheckoutRequest): Promise<CheckoutAnswer> {
  const { config, payments } = deps;
  const key = request.idempotencyKey || undefined;
  if (key && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest("idempotencyKeyInvalid");
  // Any valid number may order; only one in a country Torg texts gets the confirmation text, the
  // others their receipt e-mail alone (decision 0068). A premium-rate number is refused.
  const phone = request.body.shipToPhone;
  const smsConfirmation = shopperGetsTexts(phone, config.sms.allowedCountries, request.language);
  // Orders text the buyer's phone: an address that orders without end would send SMS without end.
  if (config.ordersPerIpPerHour > 0) {
    await enforceQuota(deps.database.db, {
      key: `orders:ip:${request.client.ip}`,
      limit: config.ordersPerIpPerHour,
      windowMs: HOUR_MS,
      messageKey: "tooManyOrders",
      address: { ...request.client, trustProxy: config.trustProxy },
    });
  }
  const provider = request.body.paymentProvider;
  // Only a channel the store has live and the platform has keys for (decision 0034).
  if (provider && !(await offeredProviders(payments, request.body.storeId)).includes(provider)) {
    throw badRequest("paymentProviderUnavailable");
  }

  // The write never waits for the network: the carrier is asked (or its kept answer read) before it.
  const { shipping } = request.body;
  if (shipping && request.body.deliveryOptionId) throw badRequest("deliveryOptionInvalid");
  const carrierDelivery = shipping
    ? await priceCarrierDelivery(
        { db: deps.database.db, carriers: deps.carriers },
        {
          storeId: request.body.storeId,
          items: request.body.items,
          choice: shipping,
          postalCode: request.body.shipToAddr?.post,
          language: request.language,
          stage: "order",
        },
      )
    : null;

  const { order, replayed, publicPath, soldOut } = await placeOrder(
    deps.database,
    // The order and its texts keep the E.164 form.
    { ...request.body, shipToPhone: phone.e164 },
    key,
    { sms: request.smsLinkOrigin(), email: request.receiptOrigin },
    provider !== undefined,
    smsConfirmation,
    request.language,
    carrierDelivery,
  );

  if (!replayed) {
    deps.smsOutbox?.wake();
    deps.emailOutbox?.wake();
  }
  // Selling the last one is rare; the cached shop pages of this server stop offering it at once
  // (another server's within its PUBLIC_CACHE_TTL_MS; the checkout refuses it anyway, decision 0032).
  if (soldOut) deps.onCatalogueChange();
  const status = replayed ? 200 : 201;
  // On the store's own domain once it has one (decision 0080).
  const publicUrl = request.receiptOrigin
    ? await shopLinkOf(deps.database.db, order.storeId, request.receiptOrigin, publicPath)
    : undefined;
  // The shopper's answer: the seller's view of the payment is not theirs to see.
  const placed = { ...order, payment: undefined, smsConfirmation, ...(publicUrl ? { publicUrl } : {}) };
  // Nothing left to pay (a gift card paid it all, or a code took it all off): no payment to start.
  if (!provider || order.totalGross === "0.00") return { status, body: placed };
  // A replayed checkout answers the attempt it started; a new one starts its first attempt.
  const existing = replayed ? await paymentOfOrder(payments.db, order.id) : undefined;
  const payment =
    existing ??
    (await startPayment(payments, {
      orderId: order.id,
      provider,
      origin: request.receiptOrigin ?? request.requestOrigin(),
      language: request.language,
    }));
  return { status, body: { ...placed, payment } };
}
