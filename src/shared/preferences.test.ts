import { describe, expect, it } from "vitest";
import { acceptLanguageTags, languageOfTag, matchLanguage } from "./preferences";

const fromHeader = (header: string) => matchLanguage(acceptLanguageTags(header));

describe("the browser's language, matched to Torg's", () => {
  it("maps Norwegian in all its spellings to bokmål, and regions to their language", () => {
    expect(["no", "nn", "nb", "nb-NO", "nn-NO", "no-NO", "NB-no"].map(languageOfTag)).toEqual(
      Array(7).fill("nb"),
    );
    expect(languageOfTag("sv-SE")).toBe("sv");
    expect(languageOfTag("sv-FI")).toBe("sv");
    expect(languageOfTag("da-DK")).toBe("da");
    expect(languageOfTag("en-US")).toBe("en");
    expect(languageOfTag("sv_SE")).toBe("sv");
  });

  it("knows no other language", () => {
    expect(languageOfTag("fr-FR")).toBeUndefined();
    expect(languageOfTag("de")).toBeUndefined();
    expect(languageOfTag("nob")).toBeUndefined();
    expect(languageOfTag("")).toBeUndefined();
    expect(matchLanguage(["fr", "de-CH"])).toBeUndefined();
    expect(fromHeader("*")).toBeUndefined();
    expect(fromHeader("")).toBeUndefined();
  });

  it("takes the visitor's languages in order of preference, skipping those Torg does not speak", () => {
    expect(fromHeader("nb-NO,nb;q=0.9,en;q=0.5")).toBe("nb");
    expect(fromHeader("fr-FR,fr;q=0.9,sv;q=0.8,en;q=0.7")).toBe("sv");
    expect(matchLanguage(["de-DE", "da-DK", "en"])).toBe("da");
  });

  it("orders by q-weight, not by position", () => {
    expect(fromHeader("en;q=0.5, nb;q=0.9")).toBe("nb");
    expect(fromHeader("en-GB;q=0.8,da")).toBe("da");
    expect(acceptLanguageTags("en;q=0.5, sv-SE;q=0.9, nb, da;q=0.9")).toEqual(["nb", "sv-SE", "da", "en"]);
  });

  it("leaves out what the visitor refused (q=0) and weights it cannot read", () => {
    expect(fromHeader("nb;q=0, sv;q=0.3")).toBe("sv");
    expect(fromHeader("da;q=zero, en;q=0.1")).toBe("en");
    expect(fromHeader("nb;q=0")).toBeUndefined();
  });
});
