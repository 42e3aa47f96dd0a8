import { DEFAULT_BRAND_COLOR, onColor, readableOn } from "../../../shared/brand";
import { type ShopSubpath, shopUrl } from "../../../shared/shop-address";
import { primaryDomainText } from "../../db/primary-domain";

/**
 * What a shopper's e-mail takes of its store (decision 0080), read when the message is sent, so it
 * carries the look and the address the shop has then: the name, where the shop lives (its verified
 * domain, else `/s/{slug}`), the brand colour and the wide logo.
 */
export interface EmailStoreLook {
  name: string;
  slug: string;
  /** The store's primary verified domain, or null: its pages are at Torg's `/s/{slug}`. */
  domain: string | null;
  brandColor: string | null;
  /** The wide logo (brand assets' logoWide, an /uploads/ path), or null when the store has no logo. */
  logoWide: string | null;
}

/**
 * The look of the store a claimed message names (email_outbox.store_id), as JSON, for the outbox's claim.
 * The domain is the one the shop is served at (db/primary-domain.ts).
 */
export const STORE_LOOK_SQL = (storeId: string) => `(select json_build_object('name', s.name, 'slug', s.slug,
    'domain', ${primaryDomainText("s.id")},
    'brandColor', s.brand_color, 'logoWide', s.brand_assets->>'logoWide')
  from stores s where s.id = ${storeId})`;

/** How a shopper's e-mail is drawn: the header (logo or name on the colour), buttons and links. */
export interface EmailBrand {
  name: string;
  /** The logo's absolute address, or null: the name is written on a band of the brand colour. */
  logoUrl: string | null;
  color: string;
  /** Text on the brand colour (the band, the button): white or near-black, whichever reads. */
  onColor: string;
  /** Links on the e-mail's white page: the brand colour, or the nearest shade of it that reads (AA). */
  linkColor: string;
}

/**
 * The look of a shopper's e-mail. The logo's address is absolute (a mail program has no page to resolve
 * it against), on Torg's origin, which serves every upload; without an origin there is no logo to show.
 */
export function emailBrand(look: EmailStoreLook, linkOrigin: string | null): EmailBrand {
  const color = look.brandColor ?? DEFAULT_BRAND_COLOR;
  return {
    name: look.name,
    logoUrl: look.logoWide && linkOrigin ? `${linkOrigin}${look.logoWide}` : null,
    color,
    onColor: onColor(color),
    linkColor: readableOn(color, "#ffffff"),
  };
}

/** A page of the shop as the e-mail links it: at its own domain once verified (shop-address.ts). */
export function shopLink(
  look: Pick<EmailStoreLook, "slug" | "domain">,
  linkOrigin: string,
  sub: ShopSubpath,
) {
  return shopUrl({ slug: look.slug, domain: look.domain }, linkOrigin, sub);
}
