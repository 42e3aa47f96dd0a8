import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { addDomainSchema, domainViewSchema, normaliseDomain } from "../../../shared/domains";
import { singleLineText } from "../../../shared/text";
import { DnsUnavailableError } from "../../adapters/dns";
import type { Config } from "../../config";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { badRequest, HttpError, notFound } from "../../lib/http-error";
import { publicOrigin } from "../../lib/origin";
import { enforceQuota } from "../../lib/rate-limit";
import {
  addDomain,
  checkDomain,
  type DomainContext,
  domainView,
  findDomain,
  isVerifiedDomain,
  listDomains,
  removeDomain,
} from "./service";

const storeParams = z.object({ id: z.string().max(100) });
const domainParams = z.object({ id: z.string().max(100) });

/** "Check now" per store: DNS is asked a few times each press; a script cannot make Torg flood it. */
const CHECKS_PER_STORE = 30;
const CHECK_WINDOW_MS = 10 * 60 * 1000;

/** The hosts of an address, without brackets or a port. */
const hostOf = (origin: string) => new URL(origin).hostname.replace(/^\[(.*)\]$/, "$1");

export const domainRoutes: FastifyPluginAsyncZod<DomainContext & { config: Config }> = async (app, ctx) => {
  const { db, config } = ctx;

  app.get(
    "/api/stores/:id/domains",
    { schema: { params: storeParams, response: { 200: z.array(domainViewSchema), ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listDomains(db, store.id);
    },
  );

  app.post(
    "/api/stores/:id/domains",
    {
      schema: {
        params: storeParams,
        body: addDomainSchema,
        response: { 201: domainViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      // The records point at the host shoppers use: PUBLIC_URL's, else the one this request came to.
      const targetHost = hostOf(publicOrigin(request, config));
      const platformHosts = [
        targetHost,
        request.hostname.replace(/^\[(.*)\]$/, "$1"),
        ...(config.publicUrl ? [hostOf(config.publicUrl)] : []),
        ...config.allowedHosts.map((host) => host.replace(/:\d+$/, "")),
      ];
      const view = await addDomain(ctx, store, request.body.domain, { targetHost, platformHosts });
      return reply.status(201).send(view);
    },
  );

  /** The domain, if the user may see its store; another seller's is a 404 as if it did not exist. */
  async function memberDomain(user: ReturnType<typeof requireUser>, id: string) {
    if (!isUuid(id)) throw notFound("domainNotFound");
    const row = await findDomain(db, id);
    try {
      await requireStoreMember(db, user, row.storeId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound("domainNotFound");
      throw error;
    }
    return row;
  }

  app.post(
    "/api/domains/:id/check",
    { schema: { params: domainParams, response: { 200: domainViewSchema, ...errorResponses } } },
    async (request) => {
      const row = await memberDomain(requireUser(request), request.params.id);
      await enforceQuota(db, {
        key: `domain-check:${row.storeId}`,
        limit: CHECKS_PER_STORE,
        windowMs: CHECK_WINDOW_MS,
        messageKey: "tooManyRequests",
      });
      try {
        await checkDomain(ctx, row);
      } catch (error) {
        // Nothing was learnt: the stored status stays as it was.
        if (error instanceof DnsUnavailableError) throw new HttpError(503, "dnsUnavailable");
        throw error;
      }
      return domainView(db, row);
    },
  );

  app.delete(
    "/api/domains/:id",
    { schema: { params: domainParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      const row = await memberDomain(requireUser(request), request.params.id);
      await removeDomain(ctx, row);
      return { ok: true };
    },
  );

  /*
   * Caddy's on-demand TLS "ask" (caddyserver.com, global options, on_demand_tls): "ask will cause Caddy
   * to make an HTTP request to the given URL, asking whether a domain is allowed to have a certificate
   * issued. The request has a query string of ?domain= containing the value of the domain name. If the
   * endpoint returns a 2xx status code, Caddy will be authorized to obtain a certificate for that name.
   * Any other status code will result in cancelling issuance of the certificate."
   */
  app.get(
    "/api/domains/tls-allowed",
    {
      config: { public: true },
      schema: {
        querystring: z.object({
          domain: singleLineText("errors.domainInvalid").max(300, "errors.domainInvalid"),
        }),
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const domain = normaliseDomain(request.query.domain);
      if (!domain) throw badRequest("domainInvalid");
      if (!(await isVerifiedDomain(db, domain))) throw notFound("domainNotFound");
      return { ok: true };
    },
  );
};
