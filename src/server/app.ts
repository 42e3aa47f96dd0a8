import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { translateError } from "../shared/i18n";
import { safeNextPath } from "../shared/next-path";
import { LANGUAGE_COOKIE } from "../shared/preferences";
import { type AiProvider, createAiProvider } from "./adapters/ai";
import { createEmailProvider } from "./adapters/email";
import { createPaymentGateways, type PaymentGateways } from "./adapters/payments";
import { createSmsProvider } from "./adapters/sms";
import { createStorage, type FileStorage } from "./adapters/storage";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { AppDeps } from "./lib/deps";
import { frameworkErrorOptions, registerErrorHandler } from "./lib/error-handler";
import { languageOf, requestLanguage } from "./lib/language";
import {
  CachedBody,
  COMPRESS_THRESHOLD,
  MicroCache,
  RESPONSE_ENCODINGS,
  sendCached,
} from "./lib/micro-cache";
import { publicOrigin } from "./lib/origin";
import { readPageTemplates } from "./lib/page-templates";
import { securityPlugin } from "./lib/security";
import { adminRoutes } from "./modules/admin/routes";
import { aiRoutes } from "./modules/ai/routes";
import { analyticsRoutes } from "./modules/analytics/routes";
import { type AccountPage, accountPageOf, renderAccount } from "./modules/auth/account-page";
import { authRoutes } from "./modules/auth/routes";
import { resolveSession } from "./modules/auth/service";
import { SESSION_COOKIE, sessionPlugin } from "./modules/auth/session";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { EmailOutboxWorker } from "./modules/email/outbox";
import { healthRoutes } from "./modules/health/routes";
import { HousekeepingWorker } from "./modules/housekeeping/worker";
import { MAX_IMAGE_BYTES } from "./modules/images/pipeline";
import { uploadRoutes } from "./modules/images/routes";
import { createMetrics } from "./modules/observability/metrics";
import { metricsRoutes } from "./modules/observability/routes";
import { publicOrderRoutes } from "./modules/orders/public-routes";
import { orderRoutes } from "./modules/orders/routes";
import { paymentRoutes } from "./modules/payments/routes";
import type { PaymentContext } from "./modules/payments/state";
import { vippsSecretFor } from "./modules/payments/vipps-webhooks";
import { PaymentWorker } from "./modules/payments/worker";
import { privacyRoutes } from "./modules/privacy/routes";
import { productImageRoutes } from "./modules/products/image-routes";
import { productRoutes } from "./modules/products/routes";
import { qrRoutes } from "./modules/qr/routes";
import { quickstoreRoutes } from "./modules/quickstore/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { SmsOutboxWorker } from "./modules/sms/outbox";
import { storefrontRoutes } from "./modules/storefront/routes";
import {
  isOrderPagePath,
  isShopPagePath,
  renderShop,
  renderShopUnavailable,
  type ShopPageRequest,
} from "./modules/storefront/shop-page";
import { storeRoutes } from "./modules/stores/routes";
import { userRoutes } from "./modules/users/routes";

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
  }
}

/** Writes that can change what shoppers see: they clear the public read cache. */
const CATALOGUE_WRITES = /^\/api\/(stores|products|quickstore)/;

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
}

/** The whole HTTP application, without listening: main.ts serves it, tests call `app.inject`. */
export async function buildApp({
  config,
  database,
  logger,
  storage = createStorage(config),
  aiProvider = createAiProvider(config),
  paymentGateways = createPaymentGateways(config, vippsSecretFor(database.db)),
}: BuildAppOptions) {
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
    // Fastify's own two lines per request are replaced by one access-log line (below).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    publicCache: new MicroCache(config.publicCacheTtlMs),
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
  app.addHook("onResponse", async (request, reply) => {
    const write = request.method !== "GET" && request.method !== "HEAD";
    if (write && reply.statusCode < 400 && CATALOGUE_WRITES.test(request.url)) deps.publicCache.clear();
  });

  await app.register(securityPlugin, deps);
  // Pages' JSON and HTML on the fly (the built client ships pre-compressed copies); NDJSON progress
  // streams are not a compressible type, so they still arrive line by line.
  await app.register(compress, { encodings: [...RESPONSE_ENCODINGS], threshold: COMPRESS_THRESHOLD });
  await app.register(cookie);
  // Files stay in memory until every one has passed the image checks; 10 photos of 5 MB at most.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 30, fieldSize: 64 * 1024, parts: 45 },
  });
  await app.register(sessionPlugin, deps);

  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, { ...deps, metrics });
  await app.register(authRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(storeRoutes, deps);
  await app.register(productRoutes, { ...deps, storage });
  await app.register(productImageRoutes, { ...deps, storage });
  const smsProvider = createSmsProvider(config, app.log);
  const smsOutbox = new SmsOutboxWorker(database.db, smsProvider, { ...config.sms, logger: app.log });
  if (config.sms.worker) {
    app.addHook("onReady", async () => smsOutbox.start());
    app.addHook("onClose", async () => smsOutbox.stop());
  }
  app.decorate("smsOutbox", smsOutbox);
  const emailOutbox = new EmailOutboxWorker(database.db, createEmailProvider(config, app.log), {
    ...config.email,
    logger: app.log,
  });
  if (config.email.worker) {
    app.addHook("onReady", async () => emailOutbox.start());
    app.addHook("onClose", async () => emailOutbox.stop());
  }
  app.decorate("emailOutbox", emailOutbox);
  const wakeEmail = config.email.worker ? emailOutbox : undefined;
  const housekeeping = new HousekeepingWorker(database.db, storage, {
    intervalMs: config.housekeepingIntervalMs,
    retention: config.retention,
    logger: app.log,
  });
  app.addHook("onReady", async () => housekeeping.start());
  app.addHook("onClose", async () => housekeeping.stop());
  app.decorate("housekeeping", housekeeping);
  const payments: PaymentContext = { db: database.db, gateways: paymentGateways, config, log: app.log };
  const paymentWorker = new PaymentWorker(payments, config.payments.pollMs);
  app.addHook("onReady", async () => paymentWorker.start());
  app.addHook("onClose", async () => paymentWorker.stop());
  app.decorate("paymentWorker", paymentWorker);
  app.decorate("payments", payments);
  await app.register(orderRoutes, {
    ...deps,
    smsOutbox: config.sms.worker ? smsOutbox : undefined,
    emailOutbox: wakeEmail,
    payments,
  });
  await app.register(publicOrderRoutes, { ...deps, emailOutbox: wakeEmail });
  await app.register(paymentRoutes, { ...deps, payments });
  await app.register(uploadRoutes, { ...deps, storage });
  await app.register(aiRoutes, { ...deps, storage, aiProvider });
  await app.register(qrRoutes, deps);
  await app.register(privacyRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(quickstoreRoutes, { ...deps, storage });

  await app.register(storefrontRoutes, deps);

  await registerWebClient(app, config, database.db, deps.publicCache);
  return app;
}

/** A request id that a proxy we trust may set (X-Request-Id, if it looks like one), else a new UUID. */
function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const given = request.headers["x-request-id"];
  if (trustProxy && typeof given === "string" && /^[\w.:-]{8,128}$/.test(given)) return given;
  return randomUUID();
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, the shop pages
 * rendered on the server, and every other non-API GET that wants a page gets index.html so the client
 * router can answer it.
 */
async function registerWebClient(app: FastifyInstance, config: Config, db: Db, publicCache: MicroCache) {
  const templates = readPageTemplates(config);
  const hasClient = templates.app !== "";
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const plainPage = new CachedBody(templates.app);

  /**
   * A storefront or product page, kept and compressed like the public reads: a link shared widely is
   * opened by many phones at once. While the database is away it is "could not be loaded" (503, not kept).
   */
  async function shopPage(request: FastifyRequest, pathname: string): Promise<CachedBody> {
    const shopRequest: ShopPageRequest = {
      pathname,
      origin: publicOrigin(request, config),
      chosenLanguage: languageOf(request.cookies[LANGUAGE_COOKIE]),
      browserLanguage: requestLanguage(request),
    };
    // Links follow the Host header without PUBLIC_URL, and the texts the visitor's language: both are keys.
    const key = `page:${shopRequest.origin}${pathname}:${shopRequest.chosenLanguage}:${shopRequest.browserLanguage}`;
    try {
      return await publicCache.getPage(key, () => renderShop(db, templates.shop, shopRequest));
    } catch (error) {
      request.log.error({ err: error, pathname }, "A shop page could not be loaded");
      const page = renderShopUnavailable(templates.shop, shopRequest);
      return new CachedBody(page.html, page.status);
    }
  }

  /**
   * The shopper's order page: one shopper's order, so it is rendered for each request, never kept in
   * the public cache, and sent `no-store` and `noindex` (decision 0026).
   */
  async function orderPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const shopRequest: ShopPageRequest = {
      pathname,
      origin: publicOrigin(request, config),
      chosenLanguage: languageOf(request.cookies[LANGUAGE_COOKIE]),
      browserLanguage: requestLanguage(request),
    };
    let page: { status: number; html: string };
    try {
      page = await renderShop(db, templates.shop, shopRequest);
    } catch (error) {
      request.log.error({ err: error }, "An order page could not be loaded");
      page = renderShopUnavailable(templates.shop, shopRequest);
    }
    return reply
      .status(page.status)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(page.html);
  }

  /**
   * The login, sign-up or privacy page, rendered in the visitor's language: their choice, else their
   * browser's (as the app). A visitor who is signed in already goes from login or sign-up on to where
   * they were going (to /); the privacy page is for everyone.
   */
  async function accountPage(request: FastifyRequest, reply: FastifyReply, page: AccountPage) {
    const next = new URL(request.url, "http://torg.invalid").searchParams.get("next");
    if (page !== "privacy") {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await resolveSession(db, config, token).catch(() => null) : null;
      if (user) return reply.redirect(safeNextPath(next), 303);
    }
    const html = renderAccount(templates.account, {
      page,
      next,
      language: languageOf(request.cookies[LANGUAGE_COOKIE]) ?? requestLanguage(request),
      signupRestricted: config.signupAllowlist.length > 0,
      retention: {
        ...config.retention,
        sessionDays: Math.round(config.sessionTtlMs / (24 * 60 * 60 * 1000)),
      },
    });
    const body = new CachedBody(html);
    return sendCached(request, reply.header("cache-control", "no-cache"), body, "text/html; charset=utf-8");
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    // A page is any GET outside the API and uploads that does not name a file; a missing asset stays a 404.
    const wantsPage =
      request.method === "GET" &&
      !pathname.startsWith("/api/") &&
      !pathname.startsWith("/uploads/") &&
      !/\.[a-z0-9]+$/i.test(pathname);
    const account = wantsPage && templates.account ? accountPageOf(pathname) : undefined;
    if (account) return accountPage(request, reply, account);
    if (templates.shop && wantsPage && isOrderPagePath(pathname)) return orderPage(request, reply, pathname);
    if (templates.shop && wantsPage && isShopPagePath(pathname)) {
      const page = await shopPage(request, pathname);
      return sendCached(request, reply.header("cache-control", "no-cache"), page, "text/html; charset=utf-8");
    }
    if (hasClient && wantsPage) {
      return sendCached(
        request,
        reply.header("cache-control", "no-cache"),
        plainPage,
        "text/html; charset=utf-8",
      );
    }
    const language = requestLanguage(request);
    const message = pathname.startsWith("/api/")
      ? translateError(language, "routeNotFound", { method: request.method, url: pathname })
      : translateError(language, "notFound");
    return reply.status(404).send({ message });
  });
}
