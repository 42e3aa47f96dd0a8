import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorKey, translateError } from "../../shared/i18n";
import { HttpError } from "./http-error";
import { requestLanguage } from "./language";

/** PostgreSQL error classes and socket errors that mean "the database is away", not "you sent bad data". */
const DATABASE_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
]);

function isDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (DATABASE_DOWN_CODES.has(code) || code.startsWith("08"))) return true;
    // "…is not queryable": node-postgres refusing a statement on a connection that already died, as a
    // transaction's next statement or its ROLLBACK does when the database went away between statements.
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(message)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The request's own stream failed: the client closed the connection before sending its whole body.
 * Node raises that as ECONNRESET ("aborted"), like a database connection that went away, so it is told
 * apart by being the very error the request stream was destroyed with.
 */
function isRequestStreamError(error: unknown, request: FastifyRequest): boolean {
  const streamError = request.raw.errored;
  if (!streamError) return false;
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    if (current === streamError) return true;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's own client errors, by code, with the message key they answer with. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; key: ErrorKey }> = {
  FST_ERR_BAD_URL: { status: 400, key: "requestUrlInvalid" },
  // No id, slug or code is that long: whatever the path names does not exist.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, key: "notFound" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: "bodyTooLarge" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: "unsupportedMediaType" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: "invalidInput" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: "invalidJson" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: "invalidJson" },
  FST_ERR_VALIDATION: { status: 400, key: "invalidInput" },
};

/**
 * One place maps every failure to `{ message }`: client mistakes keep their 4xx, the database being away
 * is 503, and anything else is a logged 500 whose details never leave the server.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  const send = (status: number, message: string, extra: Record<string, unknown> = {}) =>
    reply.status(status).send({ message, ...extra });

  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return send(error.statusCode, translateError(language, error.messageKey, error.params), error.body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => {
      const raw = issue.message ?? "errors.invalidInput";
      const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const text = translateError(language, raw);
      // Our schemas carry message keys; zod's own generic texts get the field name in front.
      return {
        path,
        message: text,
        display: raw.startsWith("errors.") || !path ? text : `${path}: ${text}`,
      };
    });
    const message = issues[0]?.display ?? translateError(language, "invalidInput");
    return send(400, message, { issues: issues.map(({ path, message }) => ({ path, message })) });
  }
  if (error.statusCode === 429) {
    return send(429, translateError(language, "tooManyRequests"));
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return send(known.status, translateError(language, known.key));
  if (error instanceof SyntaxError) return send(400, translateError(language, "invalidJson"));
  if (isRequestStreamError(error, request)) {
    // Nobody is left to read the answer; nothing went wrong on this side.
    request.log.debug({ err: error }, "the client closed the request before sending all of it");
    return send(400, translateError(language, "invalidInput"));
  }
  if (isDatabaseDown(error)) {
    request.log.warn({ err: error }, "database unavailable");
    reply.header("retry-after", "5");
    return send(503, translateError(language, "databaseUnavailable"));
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    return send(error.statusCode, translateError(language, "invalidInput"));
  }
  request.log.error({ err: error }, "unhandled error");
  return send(500, translateError(language, "internal"));
}

/** What Node and Fastify answer on their own before a route runs, sent as `{ message }` too. */
const CLIENT_ERRORS: Record<string, { status: number; key: ErrorKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: "headersTooLarge" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: "requestTimeout" },
};

/**
 * Fastify's options that route the errors it would answer itself into the one error handler: a URL
 * that cannot be decoded ("/%"), a path parameter longer than the router takes, and the connection-level
 * errors Node raises before there is a request at all (headers too large, a request too slow), which
 * are written to the socket in English, as the request's language is not known yet.
 */
export const frameworkErrorOptions = {
  frameworkErrors(error, request, reply) {
    // Answered like any error a route throws (Fastify's context here has no error handler of ours).
    answerError(error, request as FastifyRequest, reply as FastifyReply);
  },
  clientErrorHandler(this: FastifyInstance, error, socket: Socket) {
    // The client has gone (or the socket has): nothing can be answered.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, key } = CLIENT_ERRORS[error.code ?? ""] ?? { status: 400, key: "invalidInput" as const };
    this.log.debug({ err: error }, "client error before a request");
    if (socket.writable) {
      const body = JSON.stringify({ message: translateError("en", key) });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
} satisfies Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler">;

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};
