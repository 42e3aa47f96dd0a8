import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { storeDomains } from "../../db/schema";

/**
 * Test fixtures: a store's domain written straight into `store_domains`, as the domains module leaves it
 * once its DNS check passed, and the change made known as a domain change is (the public cache cleared,
 * the host map read again). `announce: false` is a domain verified by another app server, which this one
 * has not heard of yet.
 */
export async function setShopDomain(
  app: FastifyInstance,
  db: Db,
  storeId: string,
  domain: string,
  {
    status = "verified",
    announce = true,
  }: { status?: "pending" | "verified" | "failed"; announce?: boolean } = {},
): Promise<void> {
  const verified = status === "verified";
  await db.insert(storeDomains).values({
    storeId,
    domain,
    token: randomUUID(),
    targetHost: "torg.example.no",
    records: [{ type: "CNAME", name: domain, value: "torg.example.no" }],
    status,
    verifiedAt: verified ? new Date() : null,
    checkedAt: new Date(),
  });
  if (announce) await announceDomainChange(app);
  else app.shopHosts.forgetLastMiss();
}

/** Removes a store's domain, as the seller's "remove" does, and makes the change known. */
export async function removeShopDomain(app: FastifyInstance, db: Db, storeId: string, domain: string) {
  await db
    .delete(storeDomains)
    .where(and(eq(storeDomains.storeId, storeId), eq(storeDomains.domain, domain)));
  await announceDomainChange(app);
}

async function announceDomainChange(app: FastifyInstance) {
  app.catalogueChanged();
  await app.shopHosts.refresh();
}
