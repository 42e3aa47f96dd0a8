import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOptionsSchema, errorResponses, okSchema } from "../../../shared/api";
import { loginSchema, registerSchema, userAnswerSchema } from "../../../shared/auth";
import type { AppDeps } from "../../lib/deps";
import { HttpError } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import { deviceCookies, setDeviceCookie } from "./device-cookie";
import { signInRepeatedSignup } from "./repeated-signup";
import { authenticate, createSession, registerUser, revokeSession, toPublicUser } from "./service";
import { clearSessionCookie, requireUser, setSessionCookie } from "./session";

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    "/api/auth/options",
    { schema: { response: { 200: authOptionsSchema, ...errorResponses } }, config: { public: true } },
    async () => ({
      signupRestricted: config.signupAllowlist.length > 0,
    }),
  );

  app.post(
    "/api/register",
    {
      config: { public: true },
      schema: { response: { 201: userAnswerSchema, ...errorResponses }, body: registerSchema },
    },
    async (request, reply) => {
      const limit = await hitRateLimit(db, `register:ip:${request.ip}`, config.signupsPerIpPerHour, HOUR_MS);
      if (!limit.allowed) throw new HttpError(429, "tooManyRequests");
      const user = await registerUser(db, config, request.body, requestLanguage(request)).catch(
        async (error: unknown) => {
          // The same sign-up again, moments after it made the account: signed in as the first (decision 0061).
          const isTaken = error instanceof HttpError && error.messageKey === "emailInUse";
          const again = isTaken && (await signInRepeatedSignup(db, config, request.body, request.ip));
          if (!again) throw error;
          return again;
        },
      );
      const session = await createSession(db, config, user.id, request.headers["user-agent"]);
      setSessionCookie(request, reply, deps, session.token, session.expiresAt);
      // The browser that made the account is known to it from the start (decision 0057).
      setDeviceCookie(request, reply, deps, (await deviceCookies(deps)).issue(request.body.email));
      return reply.status(201).send({ user: toPublicUser(user) });
    },
  );

  app.post(
    "/api/login",
    {
      config: { public: true },
      schema: { response: { 200: userAnswerSchema, ...errorResponses }, body: loginSchema },
    },
    async (request, reply) => {
      const devices = await deviceCookies(deps);
      const device = devices.read(request.cookies, request.body.email);
      const user = await authenticate(db, config, request.body, request.ip, device?.nonce);
      // A new token at every login: a token planted before sign-in is never promoted (session fixation).
      if (request.sessionToken) await revokeSession(db, request.sessionToken);
      const session = await createSession(db, config, user.id, request.headers["user-agent"]);
      setSessionCookie(request, reply, deps, session.token, session.expiresAt);
      // A new nonce at every sign-in (OWASP's protocol): the device's allowance starts afresh.
      setDeviceCookie(request, reply, deps, devices.issue(request.body.email));
      return { user: toPublicUser(user) };
    },
  );

  app.post(
    "/api/logout",
    { schema: { response: { 200: okSchema, ...errorResponses } }, config: { public: true } },
    async (request, reply) => {
      const token = request.sessionToken ?? request.cookies.torg_session;
      if (token) await revokeSession(db, token);
      clearSessionCookie(reply);
      return { ok: true };
    },
  );

  app.get(
    "/api/me",
    { schema: { response: { 200: userAnswerSchema, ...errorResponses } } },
    async (request) => ({ user: toPublicUser(requireUser(request)) }),
  );
};
