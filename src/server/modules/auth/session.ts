import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { SESSION_HINT_COOKIE } from "../../../shared/session-hint";
import type { users } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { resolveSession } from "./service";

export const SESSION_COOKIE = "torg_session";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (decision 0003); null for anonymous requests. */
    user: typeof users.$inferSelect | null;
    sessionToken: string | null;
  }
}

/** COOKIE_SECURE: `auto` sets the Secure flag when the request came over HTTPS. */
export function cookieIsSecure(request: FastifyRequest, deps: AppDeps): boolean {
  return deps.config.cookieSecure === "auto"
    ? request.protocol === "https"
    : deps.config.cookieSecure === "true";
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  token: string,
  expires: Date,
) {
  const secure = cookieIsSecure(request, deps);
  reply.setCookie(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure, expires });
  reply.setCookie(SESSION_HINT_COOKIE, "1", { path: "/", sameSite: "lax", secure, expires });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: "/", sameSite: "lax" });
}

/** Resolves the session cookie on API requests; requests without one (shoppers) cost no query. */
export const sessionPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith("/api/")) return;
    if (token.length > 200) return;
    const user = await resolveSession(deps.db, deps.config, token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    } else if (request.cookies[SESSION_HINT_COOKIE]) {
      reply.clearCookie(SESSION_HINT_COOKIE, { path: "/", sameSite: "lax" });
    }
  });
});
