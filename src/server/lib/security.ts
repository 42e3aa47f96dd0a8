import { createHash } from "node:crypto";
import type { Server, Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { readPageTemplates } from "../pages/page-templates";
import type { AppDeps } from "./deps";
import { HttpError } from "./http-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Vite's dev server proxies the API; its pages come from this origin in `npm run dev`. */
const DEV_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"];

function ownOrigin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cookie-authenticated writes must come from Torg's own pages. Browsers always send Origin on
 * cross-site POST/PUT/PATCH/DELETE, and Sec-Fetch-Site where Origin is absent; tools that send
 * neither (curl, server-to-server) carry no victim's cookie and are not a CSRF vector.
 */
export function isForeignWrite(request: FastifyRequest, allowed: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    return origin !== ownOrigin(request) && !allowed.includes(origin);
  }
  if (origin === "null") return true;
  const site = request.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

/**
 * The CSP sources of the inline scripts in Torg's own page templates (the theme script the build writes
 * into each page, so it runs before the first paint): exactly these run, and no other inline code.
 */
export function inlineScriptSources(pages: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const html of pages) {
    for (const [, code = ""] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      sources.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    }
  }
  return [...sources];
}

/**
 * Refuses (closes at once) a connection from an address that already holds `cap` open ones, so one
 * client cannot take every connection the server can hold, however slowly it talks. Counted on the
 * socket's peer: behind a proxy every client shares the proxy's address, and the cap is the proxy's.
 */
export function limitConnectionsPerAddress(server: Server, cap: number, log: FastifyBaseLogger) {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  /** Addresses warned about since they last dropped below the cap: one line per burst, not per socket. */
  const warned = new Set<string>();
  // Before the HTTP server's own listener: a refused socket is closed before any of it is read.
  server.prependListener("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      if (!warned.has(address)) {
        warned.add(address);
        log.warn(
          { address, cap },
          "an address reached MAX_CONNECTIONS_PER_ADDRESS; further connections from it are refused (behind a proxy, every client has the proxy's address)",
        );
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (left < cap) warned.delete(address);
    });
  });
}

export const securityPlugin = fp(async (app: FastifyInstance, { config }: AppDeps) => {
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, app.log);

  const allowedOrigins = [
    ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
    ...(config.env === "development" ? DEV_ORIGINS : []),
  ];

  const hsts = config.cookieSecure === "true";
  // Both built once: @fastify/helmet rebuilt helmet's configuration on every request, a fifth of the CPU
  // of a cached storefront read.
  // Pages and files: the policy the client needs to run.
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(Object.values(readPageTemplates(config)))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The market screen's service worker and web app manifest (issue 30), from Torg's own origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts,
  });
  // JSON is never a page: the short set OWASP's REST cheat sheet recommends (nothing may run in it or
  // frame it, no sniffing), about 300 bytes on every API answer instead of 750.
  const apiHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: "deny" },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    hsts,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // The API's description page (decision 0029) is a page: its scripts need the document policy.
    const isApi = request.url.startsWith("/api/") && !/^\/api\/docs(?:[/?]|$)/.test(request.url);
    const applySecurityHeaders = isApi ? apiHeaders : documentHeaders;
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });

  app.addHook("onRequest", async (request) => {
    if (isForeignWrite(request, allowedOrigins)) throw new HttpError(403, "foreignOrigin");
  });

  // API answers are private unless their route says otherwise (the public QR image does): a member's
  // view of a product, an order or /api/me must not be kept by a browser or a shared cache. Errors are
  // never kept, even from a route that had set a public header before failing.
  app.addHook("onSend", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    if (reply.statusCode >= 400 || !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
  });
});
