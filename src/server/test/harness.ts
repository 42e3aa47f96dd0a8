import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openPglite, openPostgres } from "../db/client";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../db/migrate";
import { accountTokens, emailOutbox, users } from "../db/schema";
import { PROJECT_ROOT } from "../lib/project-root";
import { setAdmin } from "../modules/auth";
import { sourceTemplate } from "../pages/page-templates";

/** Each test app's database, for the fixtures that set up what a test takes as given (signUp). */
const databaseOf = new WeakMap<FastifyInstance, Database>();

/**
 * The migrations' fingerprint: a template made from other migrations (another branch, an older
 * checkout) is never reused.
 */
const MIGRATIONS_HASH = (() => {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest("hex").slice(0, 16);
})();

/**
 * Starting an embedded database runs initdb, which costs more than all the migrations: the first test
 * file to need one migrates it once and leaves a snapshot here, and every later file (in any worker)
 * starts from that snapshot.
 */
const PGLITE_TEMPLATE = path.join(PROJECT_ROOT, ".tmp", "test-templates", `pglite-${MIGRATIONS_HASH}.tar`);

async function pgliteTemplate(): Promise<Blob> {
  if (!fs.existsSync(PGLITE_TEMPLATE)) {
    const database = await openPglite();
    await migrateDatabase(database);
    const snapshot = await database.snapshot?.();
    await database.close();
    if (!snapshot) throw new Error("The embedded database gave no snapshot");
    // Written aside and renamed, so a worker reading it never sees half a file.
    fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
    const partial = `${PGLITE_TEMPLATE}.${process.pid}.${randomUUID()}`;
    fs.writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
    fs.renameSync(partial, PGLITE_TEMPLATE);
  }
  return new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
}

/** Any fixed number: the advisory lock under which one test worker builds the PostgreSQL template. */
const TEMPLATE_LOCK_ID = 740_214;
const POSTGRES_TEMPLATE = `torg_template_${MIGRATIONS_HASH}`;

/**
 * The migrated PostgreSQL database that test databases are copied from (`create database … template`),
 * built once per set of migrations by whichever worker comes first.
 */
async function ensurePostgresTemplate(admin: pg.Client, baseUrl: string): Promise<void> {
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [POSTGRES_TEMPLATE]);
    if (found.rowCount) return;
    const building = `${POSTGRES_TEMPLATE}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openPostgres(url.toString(), 1);
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]);
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when the suite runs for
 * PostgreSQL, a new database on TEST_DATABASE_URL that is dropped afterwards. Both start as copies of a
 * migrated template, so each file pays for a copy, not for initdb and every migration.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TORG_TEST_DB !== "postgres") return openPglite(undefined, await pgliteTemplate());
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL suite");
  const name = `torg_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, baseUrl);
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // The SMS worker is driven by each test (app.smsOutbox.drain()), not by a timer.
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: ".tmp/test-data",
    SMS_WORKER: "false",
    // And the e-mail sender (app.emailOutbox.drain()).
    EMAIL_WORKER: "false",
    // Housekeeping too (app.housekeeping.run()).
    HOUSEKEEPING_INTERVAL_MINUTES: "0",
    // And the payment worker (app.paymentWorker.run()).
    PAYMENT_POLL_SECONDS: "0",
    // And the carrier tracking worker (decision 0079; tests run its pass).
    BRING_TRACKING_POLL_MINUTES: "0",
    // No test reaches the real Bring: one that needs a carrier starts the fake and passes its address.
    BRING_API_URL: "",
    // And the domain checks (decision 0080; tests run a pass). No test asks the real DNS: nothing listens
    // on this port, so a lookup fails at once as "DNS unavailable"; a test that needs answers starts the
    // local DNS server (src/server/test/fakes/dns-server.ts) and passes its address.
    DOMAIN_CHECK_MINUTES: "0",
    DNS_SERVERS: "127.0.0.1:9",
    // Tests never depend on a client build; the page tests bring their own index.html.
    WEB_ROOT: ".tmp/no-web-client",
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  logger: FastifyServerOptions["logger"] = false,
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Each test file gets its own upload folder, so "nothing was stored" can be checked.
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "torg-uploads-"));
  const config = testConfig({ UPLOAD_DIR: uploadDir, ...env });
  const app = await buildApp({ config, database, logger });
  databaseOf.set(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test app that renders the shop pages: a web root with the shop pages' source template standing in
 * for the built client, and an app shell. Closing the app removes the web root too.
 */
export async function createShopTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-web-"));
  fs.writeFileSync(
    path.join(webRoot, "index.html"),
    '<!doctype html><html><head><title>Torg</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webRoot, "shop.html"), sourceTemplate("shop.html"));
  const app = await createTestApp({ PUBLIC_URL: "https://torg.example.no", WEB_ROOT: webRoot, ...env });
  return {
    ...app,
    async close() {
      await app.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

/** A browser stand-in: keeps the session cookie between requests, like a real client would. */
export class Agent {
  cookie: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookie) headers.cookie = `torg_session=${this.cookie}`;
    const response = await this.app.inject({ ...options, headers });
    const session = response.cookies.find((c) => c.name === "torg_session");
    if (session) this.cookie = session.value || undefined;
    return response;
  }

  get = (url: string) => this.request({ method: "GET", url });
  post = (url: string, payload?: unknown) =>
    this.request({ method: "POST", url, payload: payload as InjectOptions["payload"] });
  put = (url: string, payload?: unknown) =>
    this.request({ method: "PUT", url, payload: payload as InjectOptions["payload"] });
  patch = (url: string, payload?: unknown) =>
    this.request({ method: "PATCH", url, payload: payload as InjectOptions["payload"] });
  delete = (url: string) => this.request({ method: "DELETE", url });
}

let counter = 0;
/**
 * Registers a new seller and returns an agent signed in as them. The seller is an established one: their
 * address is proven (decision 0065) and the sign-up's verification e-mail is gone from the outbox, as if
 * opened long ago; `verified: false` leaves the account as sign-up made it.
 */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<{ fullName: string; email: string; password: string; verified: boolean }> = {},
) {
  counter += 1;
  const agent = new Agent(app);
  const body = {
    fullName: fields.fullName ?? `Seller ${counter}`,
    email: fields.email ?? `seller${counter}-${randomUUID().slice(0, 8)}@example.no`,
    password: fields.password ?? "a-strong-password",
  };
  const response = await agent.post("/api/register", body);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json() as { user: { id: string; email: string; fullName: string } };
  const database = databaseOf.get(app);
  if (fields.verified !== false && database) await provenAddress(database, user.id, user.email);
  return { agent, user, password: body.password };
}

/** The account's address counts as proven, with no link left to open. */
async function provenAddress(database: Database, userId: string, email: string) {
  const { db } = database;
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.purpose, "email_verification")));
}

/**
 * Opens the link an account e-mail change sent to its new address (decision 0065), as the account's own
 * browser: the new address replaces the old one only then. Returns the confirmation's answer.
 */
export async function openEmailChangeLink(t: TestApp, agent: Agent, newAddress: string) {
  const [link] = await t.database.db
    .select({ params: emailOutbox.params })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.toAddress, newAddress.toLowerCase()), eq(emailOutbox.purpose, "email_verification")),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return agent.post("/api/email-verification/confirm", { token: link?.params?.token });
}

/** A signed-in platform admin, granted as `npm run admin -- grant EMAIL` grants one. */
export async function signUpAdmin(t: TestApp) {
  const signedUp = await signUp(t.app);
  await setAdmin(t.database.db, signedUp.user.email, true);
  return signedUp;
}

/**
 * Two Torg processes on one PostgreSQL, as behind a load balancer: each with its own connection pool and
 * public cache, sharing an upload folder (PostgreSQL pass only). `close` ends both and drops the database.
 */
export async function createTwoTestServers(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  if (!database.url) throw new Error("the PostgreSQL pass gives every test database a URL");
  const second = await openPostgres(database.url, 10);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "torg-two-servers-"));
  const apps: FastifyInstance[] = [];
  for (const db of [database, second]) {
    const app = await buildApp({ config: testConfig({ UPLOAD_DIR: uploads, ...env }), database: db });
    databaseOf.set(app, db);
    await app.ready();
    apps.push(app);
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    database,
    async close() {
      for (const app of apps) await app.close();
      await second.close();
      await database.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}
