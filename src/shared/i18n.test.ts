import { describe, expect, it } from "vitest";
import { translate, translateError } from "./i18n";

const nb = {
  cart: { title_one: "{{count}} vare", title_other: "{{count}} varer", empty: "Handlekurven er tom" },
  greeting: "Hei, {{ name }}!",
  blank: "",
  section: { nested: { deep: "Dypt" } },
};
const en = {
  cart: { title_one: "{{count}} item", title_other: "{{count}} items", empty: "Your cart is empty" },
  onlyEnglish: "Only in English",
  greeting: "Hello, {{name}}!",
};

describe("translate", () => {
  it("finds a text by its dotted key, again and again", () => {
    for (let i = 0; i < 3; i++) {
      expect(translate("nb", nb, en, "cart.empty")).toBe("Handlekurven er tom");
      expect(translate("nb", nb, en, "section.nested.deep")).toBe("Dypt");
    }
  });

  it("keeps each catalogue's texts apart", () => {
    expect(translate("nb", nb, en, "cart.empty")).toBe("Handlekurven er tom");
    expect(translate("en", en, en, "cart.empty")).toBe("Your cart is empty");
    expect(translate("nb", nb, en, "cart.empty")).toBe("Handlekurven er tom");
  });

  it("falls back to the fallback catalogue, then to the key itself", () => {
    expect(translate("nb", nb, en, "onlyEnglish")).toBe("Only in English");
    expect(translate("nb", nb, en, "no.such.key")).toBe("no.such.key");
    expect(translate("nb", nb, en, "no.such.key")).toBe("no.such.key");
    // A section is not a text.
    expect(translate("nb", nb, en, "section.nested")).toBe("section.nested");
    expect(translate("nb", nb, en, "cart.empty.more")).toBe("cart.empty.more");
  });

  it("returns an empty text as empty", () => {
    expect(translate("nb", nb, en, "blank")).toBe("");
    expect(translate("nb", nb, en, "blank")).toBe("");
  });

  it("fills placeholders, with or without spaces, and leaves a missing one empty", () => {
    expect(translate("nb", nb, en, "greeting", { name: "Kari" })).toBe("Hei, Kari!");
    expect(translate("en", en, en, "greeting", { name: "Kari" })).toBe("Hello, Kari!");
    expect(translate("nb", nb, en, "greeting")).toBe("Hei, !");
  });

  it("chooses the plural form by the language's rules", () => {
    expect(translate("nb", nb, en, "cart.title", { count: 1 })).toBe("1 vare");
    expect(translate("nb", nb, en, "cart.title", { count: 3 })).toBe("3 varer");
    expect(translate("en", en, en, "cart.title", { count: 0 })).toBe("0 items");
    expect(translate("nb", {}, en, "cart.title", { count: 1 })).toBe("1 item");
    expect(translate("nb", nb, en, "cart.missing", { count: 1 })).toBe("cart.missing");
  });
});

describe("translateError", () => {
  it("words a known error and passes any other text through", () => {
    expect(translateError("en", "nameRequired")).not.toBe("nameRequired");
    expect(translateError("en", "errors.nameRequired")).toBe(translateError("en", "nameRequired"));
    expect(translateError("nb", "Expected string, received number")).toBe("Expected string, received number");
  });
});

describe("placeholders", () => {
  const texts = {
    twice: "{{a}} and {{a}}, then {{b}}",
    edges: "{{a}}",
    notOne: "{{ not a name }} {{}} {{a}",
    numbers: "{{n}} of {{total}}",
  };
  it("are filled wherever they are, as often as they come", () => {
    expect(translate("en", texts, texts, "twice", { a: "x", b: 2 })).toBe("x and x, then 2");
    expect(translate("en", texts, texts, "twice", { a: "y" })).toBe("y and y, then ");
    expect(translate("en", texts, texts, "edges", { a: "only" })).toBe("only");
    expect(translate("en", texts, texts, "numbers", { n: 0, total: 10 })).toBe("0 of 10");
  });
  it("leave what is no placeholder as it is", () => {
    expect(translate("en", texts, texts, "notOne", { a: "x" })).toBe("{{ not a name }} {{}} {{a}");
  });
});
