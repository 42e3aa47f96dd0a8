import { describe, expect, it } from "vitest";
import * as brand from "./brand";
import { contrastRatio, contrastReport, onColor, shopBrandOf } from "./brand";
import { identityInputSchema } from "./identity";

describe("a brand colour's contrast (WCAG 2)", () => {
  it("follows WCAG's formula: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // WCAG's own borderline: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("draws text on the brand colour in whichever of white and ink reads better", () => {
    expect(onColor("#ffd500")).toBe("#111111");
    expect(onColor("#1a3c8f")).toBe("#ffffff");
  });

  it("says where a pale colour would be hard to read", () => {
    const pale = contrastReport("#ffe680");
    expect(pale.readable).toEqual({ onBrand: true, onLight: false, onDark: true });
  });
});

describe("the identity form", () => {
  it("takes #RRGGBB in any case and refuses other colours", () => {
    expect(identityInputSchema.parse({ brandColor: "#A0B1C2" }).brandColor).toBe("#a0b1c2");
    expect(identityInputSchema.safeParse({ brandColor: "red" }).error?.issues[0]?.message).toBe(
      "errors.brandColorInvalid",
    );
    expect(identityInputSchema.safeParse({ fontPairing: "comic" }).success).toBe(false);
    expect(
      identityInputSchema.safeParse({ about: { text: "Hi", links: ["http://x.no"] } }).error?.issues[0]
        ?.message,
    ).toBe("errors.aboutLinkInvalid");
  });

  it("gives a shop without its own look Torg's colour and fonts", () => {
    const brand = shopBrandOf({ brandAssets: null, brandColor: null, fontPairing: null, about: null });
    expect(brand).toMatchObject({
      brandColor: "#1b5a43",
      fontPairing: "torg",
      hasAbout: false,
      logoWide: null,
    });
  });
});

describe("the brand colour on the page", () => {
  it("is used as it is where it reads, and shaded until it does where it does not", () => {
    const { readableOn } = brand;
    expect(readableOn("#1b5a43", "#fbf9f4")).toBe("#1b5a43");
    const shaded = readableOn("#ffe680", "#fbf9f4");
    expect(contrastRatio(shaded, "#fbf9f4")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readableOn("#1b5a43", "#16120f"), "#16120f")).toBeGreaterThanOrEqual(4.5);
  });

  it("gives the shop's stylesheet its colours and the pairing's faces", () => {
    const variables = brand.brandCssVariables({ brandColor: "#ffd500", fontPairing: "warm" });
    expect(variables["--on-brand"]).toBe("#111111");
    expect(variables["--font-heading"]).toBe('"Fraunces", serif');
    expect(variables["--font-body"]).toBe('"Nunito", system-ui, sans-serif');
  });
});
