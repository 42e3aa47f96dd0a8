import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { MAX_IMAGE_BYTES, MAX_PHOTOS } from "../shared/image-limits";
import { SESSION_HINT_COOKIE } from "../shared/session-hint";
import { type AiProvider, createAiProvider } from "./adapters/ai";
import { type Carriers, createCarriers } from "./adapters/carriers";
import { createDnsResolver, type DnsResolver } from "./adapters/dns";
import { createEmailProvider } from "./adapters/email";
import { createPaymentGateways, type PaymentGateways } from "./adapters/payments";
import { createSmsProvider } from "./adapters/sms";
import { createStorage, type FileStorage } from "./adapters/storage";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { apiDocsPlugin } from "./lib/api-docs";
import { createCatalogueChanges } from "./lib/catalogue-changes";
import type { AppDeps } from "./lib/deps";
import { frameworkErrorOptions, registerErrorHandler } from "./lib/error-handler";
import { COMPRESS_THRESHOLD, MicroCache, RESPONSE_ENCODINGS } from "./lib/micro-cache";
import { securityPlugin } from "./lib/security";
import { adminRoutes } from "./modules/admin";
import { aiRoutes } from "./modules/ai";
import { analyticsRoutes } from "./modules/analytics";
import { authRoutes, denyByDefaultPlugin, SESSION_COOKIE, sessionPlugin } from "./modules/auth";
import { checkoutRoutes } from "./modules/checkout";
import { dashboardRoutes } from "./modules/dashboard";
import { discountRoutes } from "./modules/discounts";
import { DomainCheckWorker, type DomainContext, domainRoutes } from "./modules/domains";
import { EmailOutboxWorker } from "./modules/email";
import { giftCardRoutes } from "./modules/gift-cards";
import { healthRoutes } from "./modules/health";
import { HousekeepingWorker } from "./modules/housekeeping";
import { uploadRoutes } from "./modules/images";
import {
  marketReportRoutes,
  marketRoutes,
  marketVippsRoutes,
  receiptRoutes,
  thresholdRoutes,
} from "./modules/market";
import { createMetrics, metricsRoutes } from "./modules/observability";
import { orderEffects, orderRoutes, publicOrderRoutes, shipmentOrderEffects } from "./modules/orders";
import type { PaymentContext } from "./modules/payments";
import { PaymentWorker, paymentRoutes, vippsSecretFor } from "./modules/payments";
import { privacyRoutes } from "./modules/privacy";
import { productImageRoutes, productRoutes } from "./modules/products";
import { qrRoutes } from "./modules/qr";
import { quickstoreRoutes } from "./modules/quickstore";
import { seoRoutes } from "./modules/seo";
import { settingsRoutes } from "./modules/settings";
import { carrierRoutes, shipmentRoutes, shippingCheckoutRoutes, TrackingWorker } from "./modules/shipping";
import { HostMap, shopHostsPlugin, shopUrlRewriter } from "./modules/shop-hosts";
import { SmsOutboxWorker } from "./modules/sms";
import { storefrontRoutes } from "./modules/storefront";
import { storeRoutes } from "./modules/stores";
import { userRoutes } from "./modules/users";
import { pagesPlugin } from "./pages/routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The SMS sender of this process; tests drain it directly. */
    smsOutbox: SmsOutboxWorker;
    /** The e-mail sender of this process; tests drain it directly. */
    emailOutbox: EmailOutboxWorker;
    /** Deletes expired sessions, ended rate limits and unclaimed uploads; tests run it directly. */
    housekeeping: HousekeepingWorker;
    /** Reads unfinished payments from their providers and expires unpaid orders; tests run it directly. */
    paymentWorker: PaymentWorker;
    /** The payment providers and database the payment services run with; tests call them directly. */
    payments: PaymentContext;
    /** The carriers this server reaches (decision 0079); tests call them directly. */
    carriers: Carriers;
    /** Reads booked parcels' tracking from their carrier (decision 0079); tests run it directly. */
    trackingWorker: TrackingWorker;
    /** Re-reads shops' own domains from DNS (decision 0080); tests run its pass directly. */
    domainChecks: DomainCheckWorker;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Defaults to the storage the configuration names (local disk or S3). */
  storage?: FileStorage;
  /** Defaults to the provider the configuration names (cloud, or the offline model). */
  aiProvider?: AiProvider;
  /** Defaults to the providers the configuration has keys for. */
  paymentGateways?: PaymentGateways;
  /** Defaults to the carriers the configuration points at (decision 0079). */
  carriers?: Carriers;
  /** Defaults to the resolvers DNS_SERVERS names (decision 0080). */
  dnsResolver?: DnsResolver;
}

/** The whole HTTP application, without listening: main.ts serves it, tests call `app.inject`. */
export async function buildApp({
  config,
  database,
  logger,
  storage = createStorage(config),
  aiProvider = createAiProvider(config),
  paymentGateways = createPaymentGateways(config, vippsSecretFor(database.db)),
  carriers = createCarriers(config),
  dnsResolver = createDnsResolver(config),
}: BuildAppOptions) {
  // Which store each verified domain serves (decision 0080): read before routing, so held in memory.
  let log: FastifyBaseLogger | undefined;
  const shopHosts = new HostMap(database.db, {
    warn: (...args: Parameters<FastifyBaseLogger["warn"]>) => log?.warn(...args),
  });
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ...frameworkErrorOptions,
    // Slow clients lose their connection instead of holding it (Fastify's request timeout is off by
    // default); Node checks requests against them at a quarter of the shorter one, at most every 30 s.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.timeouts.headersMs / 4)),
    },
    genReqId: (request) => requestIdOf(request, config.trustProxy),
    // A store's own domain's pages onto the platform's routes: `/` is `/s/{slug}` (decision 0080).
    rewriteUrl: shopUrlRewriter(shopHosts, config.trustProxy),
    // Fastify's own two lines per request are replaced by one access-log line (below).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  log = app.log;
  const publicCache = new MicroCache(config.publicCacheTtlMs);
  // Every app server's public cache forgets a write made on any of them (decision 0038), and reads the
  // shops' domains again: a domain verified or removed is such a write (decision 0080).
  const catalogueCaches = {
    clear() {
      publicCache.clear();
      shopHosts.refreshSoon();
    },
  };
  const catalogueChanges = createCatalogueChanges(database, catalogueCaches, { logger: app.log });
  await catalogueChanges.start();
  app.addHook("onClose", async () => catalogueChanges.stop());
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    publicCache,
    // The catalogue services call it after a write shoppers would see (decisions 0031, 0038).
    onCatalogueChange: () => catalogueChanges.changed(),
  };
  const metrics = createMetrics(database.db, deps.publicCache);
  // Every answer names its request, so a shopper's "something went wrong" can be found in the log.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    metrics.observe(request, reply);
    if (config.accessLog) {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ip: request.ip,
        },
        "request",
      );
    }
  });

  await app.register(securityPlugin, deps);
  // After the security headers (a 421 or 301 carries them too), before the cookies and the session.
  await app.register(shopHostsPlugin, {
    ...deps,
    hosts: shopHosts,
    sessionCookies: [SESSION_COOKIE, SESSION_HINT_COOKIE],
  });
  // Pages' JSON and HTML on the fly (the built client ships pre-compressed copies); NDJSON progress
  // streams are not a compressible type, so they still arrive line by line.
  await app.register(compress, { encodings: [...RESPONSE_ENCODINGS], threshold: COMPRESS_THRESHOLD });
  await app.register(cookie);
  // Files stay in memory until every one has passed the image checks; MAX_PHOTOS photos of 5 MB at most.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PHOTOS, fields: 30, fieldSize: 64 * 1024, parts: 45 },
  });
  await app.register(sessionPlugin, deps);
  // After the session: every /api route needs a signed-in user unless declared public (decision 0030).
  await app.register(denyByDefaultPlugin);
  // Before the routes: it describes each one as it is added (decision 0029).
  await app.register(apiDocsPlugin);

  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, { ...deps, metrics });
  const emailOutbox = new EmailOutboxWorker(database, createEmailProvider(config, app.log), {
    ...config.email,
    logger: app.log,
  });
  if (config.email.worker) {
    app.addHook("onReady", async () => emailOutbox.start());
    app.addHook("onClose", async () => emailOutbox.stop());
  }
  app.decorate("emailOutbox", emailOutbox);
  const wakeEmail = config.email.worker ? emailOutbox : undefined;
  await app.register(authRoutes, { ...deps, emailOutbox: wakeEmail });
  await app.register(userRoutes, { ...deps, emailOutbox: wakeEmail });
  await app.register(settingsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(storeRoutes, deps);
  // A shop's own domains: the seller's routes, Caddy's TLS ask and the periodic check (decision 0080).
  const domains: DomainContext = {
    db: database.db,
    resolver: dnsResolver,
    checkMs: config.domains.checkMs,
    onCatalogueChange: deps.onCatalogueChange,
    log: app.log,
  };
  await app.register(domainRoutes, { ...domains, config });
  const domainChecks = new DomainCheckWorker(domains);
  app.addHook("onReady", async () => domainChecks.start());
  app.addHook("onClose", async () => domainChecks.stop());
  app.decorate("domainChecks", domainChecks);
  await app.register(discountRoutes, deps);
  await app.register(giftCardRoutes, deps);
  await app.register(productRoutes, { ...deps, storage });
  await app.register(productImageRoutes, { ...deps, storage });
  const smsProvider = createSmsProvider(config, app.log);
  const smsOutbox = new SmsOutboxWorker(database, smsProvider, { ...config.sms, logger: app.log });
  if (config.sms.worker) {
    app.addHook("onReady", async () => smsOutbox.start());
    app.addHook("onClose", async () => smsOutbox.stop());
  }
  app.decorate("smsOutbox", smsOutbox);
  const housekeeping = new HousekeepingWorker(database.db, storage, {
    intervalMs: config.housekeepingIntervalMs,
    retention: config.retention,
    logger: app.log,
  });
  app.addHook("onReady", async () => housekeeping.start());
  app.addHook("onClose", async () => housekeeping.stop());
  app.decorate("housekeeping", housekeeping);
  const payments: PaymentContext = {
    db: database.db,
    gateways: paymentGateways,
    config,
    log: app.log,
    orders: orderEffects,
  };
  const paymentWorker = new PaymentWorker(payments, config.payments.pollMs);
  app.addHook("onReady", async () => paymentWorker.start());
  app.addHook("onClose", async () => paymentWorker.stop());
  app.decorate("paymentWorker", paymentWorker);
  app.decorate("payments", payments);
  app.decorate("carriers", carriers);
  await app.register(carrierRoutes, { ...deps, carriers });
  const trackingWorker = new TrackingWorker({
    db: database.db,
    log: app.log,
    carriers,
    payments,
    pollMs: config.carriers.trackingPollMs,
  });
  app.addHook("onReady", async () => trackingWorker.start());
  app.addHook("onClose", async () => trackingWorker.stop());
  app.decorate("trackingWorker", trackingWorker);
  const orderDeps = {
    ...deps,
    smsOutbox: config.sms.worker ? smsOutbox : undefined,
    emailOutbox: wakeEmail,
    payments,
    carriers,
  };
  await app.register(orderRoutes, orderDeps);
  await app.register(checkoutRoutes, orderDeps);
  await app.register(shippingCheckoutRoutes, { ...deps, carriers });
  await app.register(shipmentRoutes, { ...orderDeps, carriers, storage, orderEffects: shipmentOrderEffects });
  await app.register(marketRoutes, { ...deps, payments });
  await app.register(marketVippsRoutes, { ...deps, payments });
  await app.register(publicOrderRoutes, { ...deps, emailOutbox: wakeEmail });
  await app.register(paymentRoutes, { ...deps, payments });
  await app.register(marketReportRoutes, { ...deps, payments });
  await app.register(uploadRoutes, { ...deps, storage });
  await app.register(aiRoutes, { ...deps, storage, aiProvider });
  await app.register(qrRoutes, deps);
  await app.register(privacyRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(quickstoreRoutes, { ...deps, storage });
  // The market stall's receipts and the cash-register rules (decisions 0077, 0078).
  await app.register(thresholdRoutes, deps);
  await app.register(receiptRoutes, {
    ...deps,
    emailOutbox: wakeEmail,
    smsOutbox: config.sms.worker ? smsOutbox : undefined,
  });

  await app.register(storefrontRoutes, deps);
  // robots.txt, the sitemaps and the product feeds (decision 0039).
  await app.register(seoRoutes, deps);

  // Last: the built client, the server-rendered pages and the not-found answers (decision 0031).
  await app.register(pagesPlugin, deps);
  return app;
}

/** A request id that a proxy we trust may set (X-Request-Id, if it looks like one), else a new UUID. */
function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const given = request.headers["x-request-id"];
  if (trustProxy && typeof given === "string" && /^[\w.:-]{8,128}$/.test(given)) return given;
  return randomUUID();
}
