import { domainOrigin } from "../../../shared/shop-address";
import type { DbOrTx } from "../../db/client";
import { isUuid } from "../../lib/guards";
import { shopAddressOf, shopAddressOfProduct } from "./address";
import type { HostMap } from "./host-map";
import { domainPathOf, productIdOf } from "./paths";

/**
 * A link to a shop page made as a platform path (`/s/{slug}/order/{token}`) by code that knows only the
 * store's slug, as the address the shopper should follow: on the store's own domain once it has one
 * (decision 0080), else on `platformOrigin`. One query, for the store's domain.
 */
export async function shopLinkOf(
  db: DbOrTx,
  storeId: string,
  platformOrigin: string,
  platformPath: string,
): Promise<string> {
  const page = domainPathOf(platformPath);
  const shop = page ? await shopAddressOf(db, storeId) : undefined;
  if (!page || !shop?.domain) return `${platformOrigin}${platformPath}`;
  return `${domainOrigin(shop.domain, platformOrigin)}${page.path}`;
}

/**
 * An address saved earlier on Torg's own origin (a QR code's target: `/s/{slug}`, a product page) as it
 * is now: on its store's own domain once the store has one, so a printed code follows the shop there
 * in one hop. Any other address is returned as it is.
 */
export async function currentShopLink(
  hosts: HostMap,
  db: DbOrTx,
  link: string,
  platformOrigin: string,
): Promise<string> {
  if (hosts.isEmpty || !link.startsWith(`${platformOrigin}/`)) return link;
  const path = link.slice(platformOrigin.length);
  const page = domainPathOf(path);
  const bySlug = page && hosts.ofSlug(page.slug);
  if (page && bySlug) return `${domainOrigin(bySlug.primary, platformOrigin)}${page.path}`;
  const productId = productIdOf(path);
  if (!productId || !isUuid(productId)) return link;
  const shop = await shopAddressOfProduct(db, productId);
  return shop?.domain ? `${domainOrigin(shop.domain, platformOrigin)}${path}` : link;
}
