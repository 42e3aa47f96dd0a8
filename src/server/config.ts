import path from "node:path";
import { z } from "zod";

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
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: flag(false),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAILS: commaList,
  SIGNUP_ALLOWLIST: commaList,
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
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
  ORDERS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).default(100),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SMS_PROVIDER: z.enum(["log", "http"]).default("log"),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().max(11).default("Torg"),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  SMS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  SMS_WORKER: flag(true),
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
  if (e.S3_ENDPOINT && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    adminEmails: e.ADMIN_EMAILS,
    signupAllowlist: e.SIGNUP_ALLOWLIST,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60 * 1000,
    /** Orders one network address may place per hour (0: no limit): every order texts a phone. */
    ordersPerIpPerHour: e.ORDERS_PER_IP_PER_HOUR,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
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
    },
    ai: {
      // The cloud provider is on only when both a key and a model are configured (D9).
      cloud:
        e.AI_API_KEY && e.AI_MODEL
          ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
          : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      anonymousPerHour: e.AI_ANON_PER_HOUR,
      userPerHour: e.AI_USER_PER_HOUR,
    },
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
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
