import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { translateError } from "../../../shared/i18n";
import { toOre } from "../../../shared/money";
import type { OrderStatus } from "../../../shared/order";
import {
  type ChannelReadiness,
  type OrderPaymentState,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentStatus,
  refundOf,
  type SellerPaymentView,
  type ShopperPayment,
} from "../../../shared/payment";
import type { Language } from "../../../shared/preferences";
import { shopUrl } from "../../../shared/shop-address";
import { PaymentProviderError, type PaymentUserFlow } from "../../adapters/payments";
import type { Db } from "../../db/client";
import { primaryDomainSql } from "../../db/primary-domain";
import { orderItems, orders, paymentChannels, payments, stores, vippsWebhooks } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { enforceQuota, HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import {
  latestPayment,
  PAID_STATUSES,
  type PaymentContext,
  type PaymentRow,
  paymentDeadline,
  refreshPayment,
  returnMoney,
} from "./state";

/**
 * Stripe Checkout Sessions live 30 minutes to 24 hours (`expires_at`: "The value must be between 30
 * minutes and 24 hours after the current time"), longer than the order's hold (PAYMENT_EXPIRY_MINUTES):
 * the worker ends the session itself at the order's deadline with "Expire a Checkout Session"
 * (`POST /v1/checkout/sessions/{id}/expire`, "a customer can't complete a Checkout Session" after it).
 */
const STRIPE_MIN_SESSION_MS = 31 * 60_000;
const STRIPE_MAX_SESSION_MS = 23 * 60 * 60_000;

/** Whether each provider can take a store's payments now, and why not (Payment settings). */
export async function channelReadiness(
  ctx: Pick<PaymentContext, "db" | "gateways">,
  storeId: string,
): Promise<Record<PaymentProvider, ChannelReadiness>> {
  const channels = await ctx.db
    .select({ provider: paymentChannels.provider, isLive: paymentChannels.isLive })
    .from(paymentChannels)
    .where(eq(paymentChannels.storeId, storeId));
  const readiness = {} as Record<PaymentProvider, ChannelReadiness>;
  for (const provider of PAYMENT_PROVIDERS) {
    const channel = channels.find((entry) => entry.provider === provider);
    readiness[provider] = !ctx.gateways[provider]
      ? "noPlatformKeys"
      : !channel
        ? "notConfigured"
        : !channel.isLive
          ? "notLive"
          : "ok";
  }
  return readiness;
}

/** The providers a store's checkout offers: live channels the platform has keys for, Vipps first. */
export async function offeredProviders(ctx: Pick<PaymentContext, "db" | "gateways">, storeId: string) {
  const readiness = await channelReadiness(ctx, storeId);
  return PAYMENT_PROVIDERS.filter((provider) => readiness[provider] === "ok");
}

export function shopperView(row: PaymentRow, message?: string): ShopperPayment {
  return {
    provider: row.provider as PaymentProvider,
    status: row.status as PaymentStatus,
    redirectUrl: row.status === "created" ? row.redirectUrl : null,
    ...(message ? { message } : {}),
  };
}

export function sellerView(row: PaymentRow | undefined): SellerPaymentView | null {
  if (!row) return null;
  return {
    provider: row.provider as PaymentProvider,
    status: row.status as PaymentStatus,
    amount: row.amount,
    capturedAmount: row.capturedAmount,
    refundedAmount: row.refundedAmount,
    authorisedAt: row.authorisedAt?.toISOString() ?? null,
  };
}

/** Registrations under way in this process, so concurrent first checkouts of one MSN register once. */
const registering = new Map<string, Promise<void>>();

/**
 * The Vipps webhook for this MSN, registered once (decision 0034); its secret verifies every call. Two
 * servers registering at once: the one whose row is stored wins, the other deletes its registration at
 * Vipps (`DELETE /webhooks/v1/webhooks/{id}`), else Vipps would send every event twice, once unverifiable.
 */
function ensureVippsWebhook(ctx: PaymentContext, msn: string, origin: string) {
  const running = registering.get(msn);
  if (running) return running;
  const work = (async () => {
    const vipps = ctx.gateways.vipps;
    if (!vipps) return;
    const [existing] = await ctx.db.select().from(vippsWebhooks).where(eq(vippsWebhooks.msn, msn));
    if (existing) return;
    const url = `${origin}/api/payments/vipps/webhook`;
    const registered = await vipps.registerWebhook(msn, url);
    const [stored] = await ctx.db
      .insert(vippsWebhooks)
      .values({ msn, webhookId: registered.id, secret: registered.secret, url })
      .onConflictDoNothing()
      .returning({ msn: vippsWebhooks.msn });
    if (!stored) await vipps.deleteWebhook(msn, registered.id);
  })().finally(() => registering.delete(msn));
  registering.set(msn, work);
  return work;
}

/**
 * Starts a payment attempt for an order that waits for payment: a `payments` row first (so nothing the
 * provider does is ever about an unknown attempt), then the provider. When the provider cannot be
 * reached the attempt is `failed`, the order is kept, and the answer says so in the shopper's language.
 *
 * `userFlow` is how the shopper meets it: the provider's page (web, the default) or, at the stall, a QR
 * on the seller's screen or a push to the shopper's phone (Vipps only; Stripe refuses them, decision
 * 0077). A stall attempt the provider could not take gives the sale's stock back at once: the stall holds
 * its piece only while a payment is under way.
 */
export async function startPayment(
  ctx: PaymentContext,
  input: {
    orderId: string;
    provider: PaymentProvider;
    origin: string;
    language: Language;
    /** How the shopper approves (decision 0077): absent is the web redirect; the stall's QR or push message. */
    userFlow?: PaymentUserFlow;
  },
): Promise<ShopperPayment> {
  const [order] = await ctx.db
    .select({
      order: orders,
      storeName: stores.name,
      storeSlug: stores.slug,
      storeDomain: primaryDomainSql(stores.id),
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, input.orderId));
  if (!order) throw notFound("orderNotFound");
  const gateway = ctx.gateways[input.provider];
  const [channel] = await ctx.db
    .select()
    .from(paymentChannels)
    .where(
      and(eq(paymentChannels.storeId, order.order.storeId), eq(paymentChannels.provider, input.provider)),
    );
  if (!gateway || !channel?.isLive) throw badRequest("paymentProviderUnavailable");
  // Only Vipps takes a QR or a push at the stall: never silently a web payment instead.
  if (input.userFlow && input.userFlow.kind !== "web_redirect" && input.provider !== "vipps")
    throw badRequest("paymentFlowUnsupported");

  const amountOre = toOre(order.order.totalGross);
  const reference = `torg-${randomUUID().replaceAll("-", "")}`;
  const [row] = await ctx.db
    .insert(payments)
    .values({
      orderId: order.order.id,
      provider: input.provider,
      status: "created",
      reference,
      merchant: channel.externalId,
      amount: order.order.totalGross,
    })
    .returning();
  if (!row) throw new Error("payment insert returned no row");

  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.order.id))
    .orderBy(asc(orderItems.title));
  const lines = items.map((item) => ({ title: item.title, unitOre: toOre(item.unitPrice), qty: item.qty }));
  const linesOre = lines.reduce((sum, line) => sum + line.unitOre * line.qty, 0);
  // The order's total is what is paid (delivery may be added to the lines): the rest is one more line.
  if (linesOre !== amountOre) {
    const rest = amountOre - linesOre;
    if (rest > 0)
      lines.push({ title: translateError(input.language, "paymentOtherCharges"), unitOre: rest, qty: 1 });
    else lines.splice(0, lines.length, { title: order.storeName, unitOre: amountOre, qty: 1 });
  }
  // A session ends with the order's time to pay (decision 0056), within what Stripe allows from now.
  const now = Date.now();
  const sessionEnds = Math.min(
    now + STRIPE_MAX_SESSION_MS,
    Math.max(
      now + STRIPE_MIN_SESSION_MS,
      paymentDeadline(order.order.placedAt, ctx.config).getTime() + 60_000,
    ),
  );
  try {
    if (input.provider === "vipps") await ensureVippsWebhook(ctx, channel.externalId, input.origin);
    const created = await gateway.createPayment({
      reference,
      merchant: channel.externalId,
      amountOre,
      description: `${order.storeName} #${order.order.id.slice(0, 8)}`,
      // The shopper comes back to her order page where the shop is: its own domain once it has one.
      returnUrl: shopUrl(
        { slug: order.storeSlug, domain: order.storeDomain },
        input.origin,
        `/order/${order.order.publicToken}`,
      ),
      lines,
      expiresAt: new Date(sessionEnds),
      ...(input.userFlow ? { userFlow: input.userFlow } : {}),
    });
    const [updated] = await ctx.db
      .update(payments)
      .set({
        redirectUrl: created.redirectUrl ?? null,
        providerSessionId: created.sessionId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, row.id))
      .returning();
    return shopperView(updated ?? row);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.warn({ err: error, paymentId: row.id }, "payment provider unavailable at checkout; order kept");
    const [failed] = await ctx.db
      .update(payments)
      .set({ status: "failed", updatedAt: new Date() })
      .where(and(eq(payments.id, row.id), eq(payments.status, "created")))
      .returning();
    if (order.order.channel === "stall") await ctx.orders.releaseUnpaidHold(ctx.db, order.order.id);
    return shopperView(failed ?? row, translateError(input.language, "paymentProviderDown"));
  }
}

export async function orderByToken(db: Db, token: string) {
  if (!/^[0-9a-f]{64}$/.test(token)) throw notFound("orderNotFound");
  const [order] = await db.select().from(orders).where(eq(orders.publicToken, token));
  if (!order) throw notFound("orderNotFound");
  return order;
}

/**
 * How often the order page's read of an attempt under way may ask its provider (decision 0056). The page
 * asks every few seconds while a payment waits; asks in between answer from the database, which the
 * webhook (or the worker's poll) keeps current.
 */
export const PROVIDER_READ_INTERVAL_MS = 5_000;
/** Retries one order may have over its life: each stops an attempt at the provider and starts another. */
export const PAYMENT_RETRIES_PER_ORDER = 5;
/** Retries one client address may make in an hour, over all orders. */
export const PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR = 20;

/**
 * The shopper's view of their payment. An attempt that is not final is read from its provider first:
 * coming back to the return URL proves nothing (decision 0034); at most once per
 * PROVIDER_READ_INTERVAL_MS per attempt, counted in the database so every app server keeps to it.
 */
export async function readOrderPayment(ctx: PaymentContext, token: string): Promise<OrderPaymentState> {
  const order = await orderByToken(ctx.db, token);
  let payment = await latestPayment(ctx.db, order.id);
  if (
    payment?.status === "created" &&
    (await hitRateLimit(ctx.db, `payment-read:${payment.id}`, 1, PROVIDER_READ_INTERVAL_MS)).allowed
  ) {
    payment = await refreshPayment(ctx, payment).catch((error: unknown) => {
      ctx.log.warn({ err: error, paymentId: payment?.id }, "could not read a payment from its provider");
      return payment;
    });
  }
  const [fresh] = await ctx.db
    .select({ status: orders.status, stockReleasedAt: orders.stockReleasedAt })
    .from(orders)
    .where(eq(orders.id, order.id));
  const orderStatus = (fresh?.status ?? order.status) as OrderStatus;
  return {
    orderStatus,
    payment: payment ? shopperView(payment) : null,
    canRetry:
      orderStatus === "pending" &&
      payment !== undefined &&
      !["created", ...PAID_STATUSES].includes(payment.status) &&
      Date.now() < paymentDeadline(order.placedAt, ctx.config).getTime(),
    canCancel:
      orderStatus === "pending" &&
      payment !== undefined &&
      !PAID_STATUSES.includes(payment.status as PaymentStatus),
    holdsStock: orderStatus === "pending" && !fresh?.stockReleasedAt,
    refund: payment ? refundOf(payment) : null,
  };
}

/** Who is asking, for the per-address limit (and its warning when a proxy is not trusted). */
interface Client {
  ip: string;
  log: FastifyBaseLogger;
  trustProxy: boolean;
}

/**
 * Try again: the attempt under way (if any, and not paid) is stopped, and a new one starts. Only while
 * the order's time to pay lasts, counted from when it was placed (a retry never extends it, and one
 * after it is refused: the order is the worker's to cancel and its stock to return), and only a few
 * times per order and per address (decision 0056): each retry costs two calls at the provider.
 */
export async function retryPayment(
  ctx: PaymentContext,
  input: { token: string; provider?: PaymentProvider; origin: string; language: Language; client: Client },
): Promise<ShopperPayment> {
  const order = await orderByToken(ctx.db, input.token);
  if (order.status !== "pending") throw conflict("orderNotAwaitingPayment");
  if (Date.now() >= paymentDeadline(order.placedAt, ctx.config).getTime())
    throw new HttpError(410, "paymentTimeRanOut");
  await enforceQuota(ctx.db, {
    key: `payment-retries:order:${order.id}`,
    limit: PAYMENT_RETRIES_PER_ORDER,
    // The window outlasts the order's time to pay, so the count covers the order's whole life.
    windowMs: ctx.config.payments.expiryMs,
    messageKey: "tooManyPaymentRetries",
  });
  await enforceQuota(ctx.db, {
    key: `payment-retries:ip:${input.client.ip}`,
    limit: PAYMENT_RETRIES_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    messageKey: "tooManyPaymentRetriesFromAddress",
    address: input.client,
  });
  let latest = await latestPayment(ctx.db, order.id);
  if (!latest && !input.provider) throw badRequest("paymentProviderUnavailable");
  if (latest?.status === "created") {
    // Stopped by Torg to start the next one at once: the order keeps its stock meanwhile (decision 0063).
    latest = await refreshPayment(ctx, latest, { keepHold: true });
    if (latest.status === "created") latest = await returnMoney(ctx, latest, { keepHold: true });
  }
  if (latest && PAID_STATUSES.includes(latest.status as PaymentStatus)) throw conflict("orderAlreadyPaid");
  if (latest?.status === "created") throw conflict("paymentUnderWay");
  // An order whose last attempt ended unpaid gave its stock back: take it again, or 409 naming what is gone.
  await ctx.orders.holdStockAgain(ctx.db, order.id);
  const provider = input.provider ?? (latest?.provider as PaymentProvider);
  return startPayment(ctx, { orderId: order.id, provider, origin: input.origin, language: input.language });
}

/**
 * An order is cancelled: the money of every attempt still open goes back (decision 0034), a reservation
 * cancelled, an attempt nobody paid stopped, money taken refunded. Throws PaymentProviderError when the
 * provider refuses or cannot be reached, so the order keeps its status.
 */
export async function returnOrderMoney(ctx: PaymentContext, orderId: string) {
  const open = await ctx.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), inArray(payments.status, ["created", "authorized", "captured"])),
    );
  for (const row of open) {
    const after = await returnMoney(ctx, row);
    // Paid just before the cancel reached the provider (a Checkout Session completed): refund that too.
    if (PAID_STATUSES.includes(after.status as PaymentStatus)) await returnMoney(ctx, after);
  }
}

/** The shopper's view of an order's latest attempt, if it has one. */
export async function paymentOfOrder(db: Db, orderId: string): Promise<ShopperPayment | undefined> {
  const latest = await latestPayment(db, orderId);
  return latest ? shopperView(latest) : undefined;
}
