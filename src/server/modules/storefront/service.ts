import { and, eq, isNull } from "drizzle-orm";
import type { PublicStore } from "../../../shared/storefront";
import type { Db } from "../../db/client";
import { paymentChannels, stores } from "../../db/schema";
import { notFound } from "../../lib/http-error";
import { listDeliveryOptions } from "../stores/delivery-options";
import { legalDetailsOf } from "../stores/service";

/**
 * What a shopper may see of a store: no members, no payment account ids, nothing deleted. The SMS
 * number is public on purpose: shoppers text it to order.
 */
export async function getPublicStoreBySlug(db: Db, slug: string): Promise<PublicStore> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.slug, slug.toLowerCase()), isNull(stores.deletedAt)));
  if (!store) throw notFound("storeNotFound");
  const [channels, delivery] = await Promise.all([
    db
      .select({ provider: paymentChannels.provider })
      .from(paymentChannels)
      .where(eq(paymentChannels.storeId, store.id)),
    listDeliveryOptions(db, store.id),
  ]);
  return {
    id: store.id,
    name: store.name,
    slug: store.slug,
    defaultLocale: store.defaultLocale,
    heroImageUrl: store.heroImageUrl,
    fallbackHeroImage: store.fallbackHeroImage,
    phone: store.phone,
    description: store.theme.description ?? null,
    seoTitle: typeof store.theme.seoTitle === "string" ? store.theme.seoTitle : null,
    seoDescription: typeof store.theme.seoDescription === "string" ? store.theme.seoDescription : null,
    paymentMethods: channels.map((channel) => channel.provider as PublicStore["paymentMethods"][number]),
    ...legalDetailsOf(store),
    deliveryOptions: delivery,
  };
}
