import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authOptionsSchema, errorResponses, okSchema } from "../../../shared/api";
import {
  emailTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userAnswerSchema,
} from "../../../shared/auth";
import type { AppDeps } from "../../lib/deps";
import { requireUser } from "../../lib/guards";
import { HttpError } from "../../lib/http-error";
import { requestLanguage } from "../../lib/language";
import { publicOrigin } from "../../lib/origin";
import { HOUR_MS, hitRateLimit } from "../../lib/rate-limit";
import {
  confirmEmail,
  requestPasswordReset,
  resendVerificationLink,
  resetPassword,
  sendVerificationLink,
} from "./account-links";
import { deviceCookies, setDeviceCookie } from "./device-cookie";
import { signInRepeatedSignup } from "./repeated-signup";
import { authenticate, createSession, registerUser, revokeSession, toPublicUser } from "./service";
import { clearSessionCookie, setSessionCookie } from "./session";

/** Told when an e-mail was queued, so it goes out now rather than at the next poll. */
export type EmailWake = { emailOutbox: { wake(): void } | undefined };

/**
 * Torg's public address for the links in account e-mails, as for an order's (PUBLIC_URL, else the host
 * this site answers to); null for a host it does not answer to: no link is then sent to anyone.
 */
export function accountLinkOrigin(request: FastifyRequest, config: AppDeps["config"]): string | null {
  try {
    return publicOrigin(request, config);
  } catch {
    return null;
  }
}

export const authRoutes: FastifyPluginAsyncZod<AppDeps & EmailWake> = async (app, deps) => {
  const { db, config, emailOutbox } = deps;

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
      // A new account proves its address by the link sent to it (decision 0065); a repeated sign-up has one.
      const origin = accountLinkOrigin(request, config);
      if (!user.emailVerifiedAt && origin && (await sendVerificationLink(db, user, origin)))
        emailOutbox?.wake();
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

  app.post(
    "/api/password-reset",
    {
      config: { public: true },
      schema: { response: { 202: okSchema, ...errorResponses }, body: forgotPasswordSchema },
    },
    async (request, reply) => {
      // The same 202 whether or not the address has an account (decision 0065).
      const origin = publicOrigin(request, config);
      if (await requestPasswordReset(db, request.body.email, request.ip, origin)) emailOutbox?.wake();
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    "/api/password-reset/confirm",
    {
      config: { public: true },
      schema: { response: { 200: userAnswerSchema, ...errorResponses }, body: resetPasswordSchema },
    },
    async (request, reply) => {
      const user = await resetPassword(db, request.body);
      // Every session of the account ended with the reset; the requester's new one starts here.
      const session = await createSession(db, config, user.id, request.headers["user-agent"]);
      setSessionCookie(request, reply, deps, session.token, session.expiresAt);
      setDeviceCookie(request, reply, deps, (await deviceCookies(deps)).issue(user.email));
      return { user: toPublicUser(user) };
    },
  );

  app.post(
    "/api/email-verification",
    { schema: { response: { 202: okSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = requireUser(request);
      await resendVerificationLink(db, user, request.ip, publicOrigin(request, config));
      emailOutbox?.wake();
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    "/api/email-verification/confirm",
    {
      // The link is the proof: it works in a browser that is not signed in (a phone's mail app).
      config: { public: true },
      schema: { response: { 200: userAnswerSchema, ...errorResponses }, body: emailTokenSchema },
    },
    async (request) => ({ user: toPublicUser(await confirmEmail(db, config, request.body.token)) }),
  );
};
