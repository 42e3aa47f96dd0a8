import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireStoreMember, requireUser } from "../../lib/guards";
import { HttpError, notFound } from "../../lib/http-error";
import { publicOrigin } from "../../lib/origin";

/**
 * The stall sale a route is about, for a member of its store (decision 0077). A web order, an id that
 * is no sale and another seller's sale are all the same 404: a seller cannot learn that someone else's
 * sale exists (decision 0004), and the stall's routes never act on a web order.
 */
export async function requireStallSaleOfMember(db: Db, request: FastifyRequest, id: string) {
  const user = requireUser(request);
  if (!isUuid(id)) throw notFound("saleNotFound");
  const [sale] = await db
    .select({ storeId: orders.storeId, channel: orders.channel })
    .from(orders)
    .where(eq(orders.id, id));
  if (sale?.channel !== "stall") throw notFound("saleNotFound");
  await requireStoreMember(db, user, sale.storeId).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? notFound("saleNotFound") : error;
  });
  return { id, storeId: sale.storeId, user };
}

/**
 * Torg's address for the links to a receipt's page (/r/{token}, decision 0026): the configured public
 * address, else the request's own when it is one Torg answers to; null when neither: the link is left out.
 */
export function receiptLinkOrigin(request: FastifyRequest, config: AppDeps["config"]): string | null {
  if (config.publicUrl) return config.publicUrl;
  try {
    return publicOrigin(request, config);
  } catch {
    return null;
  }
}
