import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, rawBody } from "../../../shared/api";
import { dayReportQuerySchema, dayReportSchema, osloToday } from "../../../shared/day-report";
import {
  closeMarketSessionSchema,
  marketSessionViewSchema,
  openMarketSessionSchema,
  refundSaleSchema,
  saleViewSchema,
} from "../../../shared/market";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import { requestLanguage } from "../../lib/language";
import type { PaymentContext } from "../payments";
import { receiptLinkOrigin, requireStallSaleOfMember } from "./access";
import { dayReportFor } from "./day-report";
import { dayReportCsv } from "./day-report-csv";
import { dayReportPdf } from "./day-report-pdf";
import { refundSale } from "./refunds";
import { getSaleView } from "./sale-view";
import {
  closeMarketSession,
  listMarketSessions,
  openMarketSession,
  requireMarketSessionOfMember,
} from "./sessions";

const idParams = z.object({ id: z.string().max(100) });

/**
 * The stall's back office (issue 30): markets (open with opening cash, close with the cash counted),
 * returns at the stall, and the day's report as JSON, CSV or PDF. Every route checks access first: the
 * store's members only, another seller's sale or market a 404 like one that does not exist.
 */
export const marketReportRoutes: FastifyPluginAsyncZod<AppDeps & { payments: PaymentContext }> = async (
  app,
  { db, config, payments },
) => {
  app.get(
    "/api/stores/:id/market-sessions",
    { schema: { params: idParams, response: { 200: z.array(marketSessionViewSchema), ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listMarketSessions(db, store.id);
    },
  );

  app.post(
    "/api/stores/:id/market-sessions",
    {
      schema: {
        params: idParams,
        body: openMarketSessionSchema,
        response: { 201: marketSessionViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return reply.status(201).send(await openMarketSession(db, store.id, request.body));
    },
  );

  app.put(
    "/api/market-sessions/:id",
    {
      schema: {
        params: idParams,
        body: closeMarketSessionSchema,
        response: { 200: marketSessionViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = await requireMarketSessionOfMember(db, requireUser(request), request.params.id);
      return closeMarketSession(db, session.id, request.body.countedCash);
    },
  );

  app.post(
    "/api/sales/:id/refund",
    {
      schema: {
        params: idParams,
        body: refundSaleSchema,
        response: { 200: saleViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id: saleId, user } = await requireStallSaleOfMember(db, request, request.params.id);
      await refundSale({ db, payments }, { orderId: saleId, userId: user.id, body: request.body });
      return getSaleView(db, saleId, receiptLinkOrigin(request, config));
    },
  );

  app.get(
    "/api/stores/:id/day-report",
    {
      schema: {
        params: idParams,
        querystring: dayReportQuerySchema,
        response: {
          200: z.union([
            dayReportSchema,
            rawBody("format=csv: text/csv (UTF-8 with BOM); format=pdf: application/pdf"),
          ]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const { format, sessionId } = request.query;
      const date = request.query.date ?? (sessionId ? undefined : osloToday());
      const report = await dayReportFor(db, store, { date, sessionId });
      const language = requestLanguage(request);
      const name = report.session ? `market-${report.session.openedAt.slice(0, 10)}` : `day-${report.date}`;
      reply.header("cache-control", "no-store");
      if (format === "csv") {
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="torg-${name}.csv"`)
          .send(dayReportCsv(report, language));
      }
      if (format === "pdf") {
        const pdf = await dayReportPdf(report, language);
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="torg-${name}.pdf"`)
          .send(Buffer.from(pdf));
      }
      return report;
    },
  );
};
