import { createHash } from "node:crypto";
import type { Catalogue } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import { languageOf } from "../lib/language";
import { CachedBody } from "../lib/micro-cache";
import { shopCatalogue } from "./render";
import { scriptJson } from "./rendered-page";

/**
 * A shop page's texts as a file of their own (decision 0048): one per language, and one more each with
 * the order page's and the stall receipt page's texts, named by a hash of their content so that a browser keeps it for a year and every
 * storefront and product page it opens after the first reuses it. In the page itself they were 13.7 of a
 * 20-product storefront's 61 KB, sent again with every page.
 */
export interface ShopTexts {
  language: Language;
  catalogue: Catalogue;
  /** The file's address: `/shop-texts/{language}[-order].{hash}.json`. */
  url: string;
  /** The file, compressed once for every visitor. */
  body: CachedBody;
}

export const SHOP_TEXTS_ROUTE = "/shop-texts/:file";
const SHOP_TEXTS_FILE = /^([a-z]{2})(-order|-receipt)?\.([0-9a-f]{16})\.json$/;

const made = new Map<string, ShopTexts>();

/** Which rare page's texts a shop page carries besides the shop's own. */
export interface ShopTextsOptions {
  withOrderPage: boolean;
  /** A stall receipt's page (decision 0077). */
  withReceiptPage?: boolean;
}

/** The texts a shop page in `language` needs: the order or receipt page's only on that page. */
export function shopTexts(language: Language, options: ShopTextsOptions): ShopTexts {
  const name = options.withOrderPage
    ? `${language}-order`
    : options.withReceiptPage
      ? `${language}-receipt`
      : language;
  let texts = made.get(name);
  if (!texts) {
    const catalogue = shopCatalogue(language, options);
    // Escaped as in a page's state: the same text whether it is read from the file or spliced in.
    const json = scriptJson(catalogue);
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 16);
    texts = { language, catalogue, url: `/shop-texts/${name}.${hash}.json`, body: new CachedBody(json) };
    made.set(name, texts);
  }
  return texts;
}

/**
 * The texts a `/shop-texts/` file name asks for. `current` is false for a name with another hash: a page
 * rendered before the server was updated asks for its texts as they were, and gets them as they are
 * now (never kept for a year: the next page it loads names the new file).
 */
export function findShopTexts(file: string): { texts: ShopTexts; current: boolean } | undefined {
  const match = SHOP_TEXTS_FILE.exec(file);
  const language = languageOf(match?.[1]);
  if (!match || !language) return undefined;
  const texts = shopTexts(language, {
    withOrderPage: match[2] === "-order",
    withReceiptPage: match[2] === "-receipt",
  });
  return { texts, current: texts.url.endsWith(`/${file}`) };
}
