import path from "node:path";
import { z } from "zod";
import { DEFAULT_NODE_ENV } from "./production-default";

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? fallback : value === "true" || value === "1",
    );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default(DEFAULT_NODE_ENV),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  ALLOWED_HOSTS: commaList,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: flag(false),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SIGNUP_ALLOWLIST: commaList,
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  UPLOAD_DIR: z.string().optional(),
  WEB_ROOT: z.string().default("dist/web"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(true),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  AI_ANON_PER_HOUR: z.coerce.number().int().min(0).default(30),
  AI_USER_PER_HOUR: z.coerce.number().int().min(0).default(300),
  AI_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).default(600),
  HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  AI_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
  SMS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  VIEW_COUNT_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
  ORDER_CONTACT_RETENTION_YEARS: z.coerce.number().int().min(1).max(50).default(5),
  PAYMENT_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  ORDERS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).default(100),
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SMS_PROVIDER: z.enum(["log", "http"]).default("log"),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().max(11).default("Torg"),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  SMS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  SMS_WORKER: flag(true),
  SMS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(0).default(5),
  SMS_PER_STORE_PER_HOUR: z.coerce.number().int().min(0).default(60),
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .default("NO,SE,DK")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, "a comma-separated list of two-letter country codes"))),
  VIPPS_API_URL: z.string().url().default("https://api.vipps.no"),
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
  BRING_API_URL: z.union([z.literal(""), z.string().url()]).default("https://api.bring.com"),
  // Fractions allowed: the journeys read a parcel within seconds of the fake moving it (0.05 = 3 s).
  BRING_TRACKING_POLL_MINUTES: z.coerce.number().min(0).max(1440).default(60),
  BRING_TEST_BOOKINGS: flag(false),
  // The resolvers domain checks ask (decision 0080): "host:port" entries, comma-separated; empty: the system's.
  DNS_SERVERS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i,
            "a comma-separated list of host:port entries, such as 127.0.0.1:53",
          ),
      ),
    ),
  // Fractions allowed, as for tracking: the journeys see a domain verified within seconds.
  DOMAIN_CHECK_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  PAYMENT_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  EMAIL_PROVIDER: z.enum(["log", "smtp"]).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  EMAIL_FROM: z.string().min(3).default("Torg <no-reply@torg.invalid>"),
  EMAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  EMAIL_WORKER: flag(true),
  EMAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(0).default(5),
  METRICS_TOKEN: z.union([z.literal(""), z.string().min(16)]).optional(),
  ACCESS_LOG: flag(true),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === "http" && !e.SMS_HTTP_URL) {
    throw new Error("Invalid configuration:\n  SMS_PROVIDER=http needs SMS_HTTP_URL");
  }
  if (e.EMAIL_PROVIDER === "smtp" && !e.SMTP_URL) {
    throw new Error("Invalid configuration:\n  EMAIL_PROVIDER=smtp needs SMTP_URL");
  }
  if (e.S3_ENDPOINT && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new Error(
      "Invalid configuration:\n  HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS",
    );
  }
  const warnings: string[] = [];
  // Admin rights once followed the addresses listed here, to whoever registered one first, without
  // proof of owning it. They are now granted only to an existing account, from the command line.
  if (env.ADMIN_EMAILS?.trim()) {
    warnings.push(
      "ADMIN_EMAILS is set but ignored: it no longer grants platform admin rights. " +
        "Grant them to an existing account with `npm run admin -- grant EMAIL` " +
        "(and `npm run admin -- revoke EMAIL`), then remove ADMIN_EMAILS from the environment.",
    );
  }
  return {
    /** Notices about the configuration, logged once when the server starts. */
    warnings,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    /** Without PUBLIC_URL, host names links may be built from besides loopback and this machine's addresses. */
    allowedHosts: e.ALLOWED_HOSTS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    signupAllowlist: e.SIGNUP_ALLOWLIST,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60 * 1000,
    /** Orders one network address may place per hour (0: no limit): every order texts a phone. */
    ordersPerIpPerHour: e.ORDERS_PER_IP_PER_HOUR,
    /** Accounts one network address may open per hour. */
    signupsPerIpPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    /**
     * How long a client may take, so slow clients cannot hold the server's connections: the whole
     * request (headers and body: ten 5 MB photos from a slow phone fit in the default), its headers, the
     * wait for the next request on a kept-alive connection, and silence in either direction.
     */
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
    },
    /** Open connections one peer address may hold (0: no limit); behind a proxy, the proxy is the peer. */
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    webRoot: path.resolve(e.WEB_ROOT),
    sms: {
      provider: e.SMS_PROVIDER,
      httpUrl: e.SMS_HTTP_URL,
      httpToken: e.SMS_HTTP_TOKEN,
      sender: e.SMS_SENDER,
      timeoutMs: e.SMS_TIMEOUT_MS,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      retryBaseMs: e.SMS_RETRY_BASE_MS,
      worker: e.SMS_WORKER,
      /** Texts one number may get per hour, and one store may cause per hour (0: no limit). */
      perNumberPerHour: e.SMS_PER_NUMBER_PER_HOUR,
      perStorePerHour: e.SMS_PER_STORE_PER_HOUR,
      /** Countries (ISO 3166 codes) whose numbers Torg texts; any other number is refused. */
      allowedCountries: e.SMS_ALLOWED_COUNTRIES,
    },
    /** E-mail (decision 0037): SMTP when SMTP_URL is set (unless EMAIL_PROVIDER=log), else the log. */
    email: {
      provider: e.EMAIL_PROVIDER ?? (e.SMTP_URL ? "smtp" : "log"),
      smtpUrl: e.SMTP_URL,
      from: e.EMAIL_FROM,
      timeoutMs: e.EMAIL_TIMEOUT_MS,
      maxAttempts: e.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: e.EMAIL_RETRY_BASE_MS,
      worker: e.EMAIL_WORKER,
      /** E-mails one address a shopper typed may get per hour (0: no limit; decision 0058). */
      perRecipientPerHour: e.EMAIL_PER_RECIPIENT_PER_HOUR,
    },
    ai: {
      // The cloud provider is on only when both a key and a model are configured (decision 0009).
      cloud:
        e.AI_API_KEY && e.AI_MODEL
          ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
          : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      anonymousPerHour: e.AI_ANON_PER_HOUR,
      userPerHour: e.AI_USER_PER_HOUR,
      /** Signed-in analyses per client address: accounts are cheap to make, addresses less so. */
      addressPerHour: e.AI_ADDRESS_PER_HOUR,
    },
    /** How often expired sessions, ended rate-limit windows and unclaimed uploads are deleted (0: never). */
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MINUTES * 60 * 1000,
    /** How long housekeeping keeps logs, view counts and orders' buyer contact details. */
    retention: {
      aiLogDays: e.AI_LOG_RETENTION_DAYS,
      smsLogDays: e.SMS_LOG_RETENTION_DAYS,
      viewCountDays: e.VIEW_COUNT_RETENTION_DAYS,
      orderContactYears: e.ORDER_CONTACT_RETENTION_YEARS,
      /** Provider events of Torg's payments (decision 0055). */
      paymentEventDays: e.PAYMENT_EVENTS_RETENTION_DAYS,
    },
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    /**
     * Online payment (decision 0034): a provider is on only with all its platform keys. Vipps uses the
     * platform's partner keys with each store's merchant serial number; Stripe the platform's secret key
     * with each store's connected account.
     */
    payments: {
      vipps:
        e.VIPPS_CLIENT_ID && e.VIPPS_CLIENT_SECRET && e.VIPPS_SUBSCRIPTION_KEY
          ? {
              apiUrl: e.VIPPS_API_URL,
              clientId: e.VIPPS_CLIENT_ID,
              clientSecret: e.VIPPS_CLIENT_SECRET,
              subscriptionKey: e.VIPPS_SUBSCRIPTION_KEY,
            }
          : undefined,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
      /** An attempt nobody paid is cancelled, with its order, after this long. */
      expiryMs: e.PAYMENT_EXPIRY_MINUTES * 60_000,
      /** How often unfinished attempts are read from their provider (0: never; tests run the worker). */
      pollMs: e.PAYMENT_POLL_SECONDS * 1000,
    },
    /**
     * Carriers (decision 0079): each store connects its own account (Bring: the seller's Mybring user
     * and key); the platform only says where the carrier's API is. An empty BRING_API_URL turns Bring off
     * on this server. The tracking worker reads booked parcels every `trackingPollMs` (0: never; tests
     * run it). `testBookings` books with Bring's test indicator: labels are made, nothing is sent.
     */
    carriers: {
      bring: e.BRING_API_URL
        ? { apiUrl: e.BRING_API_URL.replace(/\/$/, ""), testBookings: e.BRING_TEST_BOOKINGS }
        : undefined,
      trackingPollMs: e.BRING_TRACKING_POLL_MINUTES * 60_000,
    },
    /**
     * Own domains (decision 0080): the DNS servers the checks ask ("host:port"; none: the system's
     * resolver), and how often each server's worker checks domains that are due (0: never; tests run it).
     */
    domains: {
      dnsServers: e.DNS_SERVERS,
      checkMs: e.DOMAIN_CHECK_MINUTES * 60_000,
    },
    /** Bearer token for GET /metrics; without one the endpoint does not exist. */
    metricsToken: e.METRICS_TOKEN || undefined,
    /** One info-level line per answered request, with its request id. */
    accessLog: e.ACCESS_LOG,
    uploadDir: e.UPLOAD_DIR ? path.resolve(e.UPLOAD_DIR) : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
  };
}
