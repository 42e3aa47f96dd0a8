import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { discountInputSchema, discountViewSchema } from "../../../shared/discount";
import type { AppDeps } from "../../lib/deps";
import { requireStoreMember, requireUser } from "../../lib/guards";
import {
  createDiscount,
  deleteDiscount,
  listDiscounts,
  requireDiscountOfMember,
  updateDiscount,
} from "./service";

const idParams = z.object({ id: z.string().max(100) });

/** A store's discount codes (decision 0076): its members list, make, change and delete them. */
export const discountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/stores/:id/discounts",
    { schema: { params: idParams, response: { 200: z.array(discountViewSchema), ...errorResponses } } },
    async (request) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return listDiscounts(db, store.id);
    },
  );

  app.post(
    "/api/stores/:id/discounts",
    {
      schema: {
        params: idParams,
        body: discountInputSchema,
        response: { 201: discountViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      return reply.status(201).send(await createDiscount(db, store.id, request.body));
    },
  );

  app.put(
    "/api/discounts/:id",
    {
      schema: {
        params: idParams,
        body: discountInputSchema,
        response: { 200: discountViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const code = await requireDiscountOfMember(db, requireUser(request), request.params.id);
      return updateDiscount(db, code, request.body);
    },
  );

  app.delete(
    "/api/discounts/:id",
    { schema: { params: idParams, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      const code = await requireDiscountOfMember(db, requireUser(request), request.params.id);
      await deleteDiscount(db, code.id);
      return { ok: true };
    },
  );
};
