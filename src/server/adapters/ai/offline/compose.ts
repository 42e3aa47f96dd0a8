import { translateShared } from "../../../../shared/i18n";
import type { Language } from "../../../../shared/preferences";
import type { ColourName } from "./colours";

/** COCO classes that are also things makers sell, with the shop category each one means. */
export const SHOP_CATEGORIES: Record<string, string> = {
  cup: "cup",
  "wine glass": "glass",
  bowl: "bowl",
  vase: "vase",
  bottle: "bottle",
  book: "book",
  "teddy bear": "softToy",
  handbag: "bag",
  backpack: "bag",
  clock: "clock",
  "potted plant": "plant",
  cake: "cake",
  donut: "pastry",
  spoon: "cutlery",
  fork: "cutlery",
  knife: "cutlery",
  chair: "chair",
};

/** A starting price in kroner when the seller has no similar products yet; roughly what Norwegian craft fairs ask. */
export const DEFAULT_PRICES: Record<string, number> = {
  cup: 350,
  glass: 300,
  bowl: 450,
  vase: 650,
  bottle: 350,
  book: 300,
  softToy: 450,
  bag: 750,
  clock: 950,
  plant: 350,
  cake: 450,
  pastry: 55,
  cutlery: 300,
  chair: 2500,
  item: 400,
};

export interface ComposedTexts {
  title: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  altText: string;
}

/**
 * Texts in the seller's language from what was actually seen: a category only when the detector was
 * sure, the product's colours, nothing else. An unsure photo gets the generic title ("Handmade item").
 */
export function composeTexts(
  language: Language,
  category: string | null,
  colours: ColourName[],
): ComposedTexts {
  const t = (key: string, params?: Record<string, string>) => translateShared(language, `ai.${key}`, params);
  const title = t(`titles.${category ?? "item"}`);
  const names = colours.slice(0, 2).map((colour) => t(`colours.${colour}`));
  const colourText =
    names.length === 2 ? t("and", { first: names[0] ?? "", second: names[1] ?? "" }) : (names[0] ?? "");
  const tones = colourText ? t("inTones", { colours: colourText }) : "";
  const description = !tones
    ? t("descriptionPlain", { title })
    : category
      ? t("descriptionKnown", { title, tones })
      : t("descriptionUnknown", { tones });
  return {
    title,
    description,
    seoTitle: t("seoTitle", { title }),
    seoDescription: t("seoDescription", { description }),
    altText: tones ? t("altText", { title, tones }) : title,
  };
}
