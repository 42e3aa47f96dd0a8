import { describe, expect, it } from "vitest";
import { type ShopState, shopCatalogue } from "../../pages/render";
import { shopStateJson } from "./shop-page";

describe("shopStateJson", () => {
  it("writes the text JSON.stringify gives, every < escaped, with the language's catalogue spliced in", () => {
    const stateOf = (language: "nb" | "en", of: "storefront" | "productPage"): ShopState => ({
      // An origin no server has, with what must never end the script element early.
      page: { origin: "https://x</script><!--", page: "missing", of },
      language,
      catalogue: shopCatalogue(language),
    });
    for (const language of ["nb", "en"] as const) {
      const state = stateOf(language, "storefront");
      const json = shopStateJson(state);
      expect(json).toBe(JSON.stringify(state).replace(/</g, "\\u003c"));
      expect(json).not.toContain("<");
      expect(JSON.parse(json)).toEqual(state);
      // The catalogue's text, made once, is given again for the next page in that language.
      expect(shopStateJson(stateOf(language, "productPage"))).toBe(
        json.replace('"of":"storefront"', '"of":"productPage"'),
      );
    }
  });
});
