import { describe, expect, it } from "vitest";
import { translateShared } from "./i18n";
import type { Language } from "./preferences";
import { termsSections as generate, type TermsStore } from "./terms";

const termsSections = (store: TermsStore, language: Language) =>
  generate(store, (key, params) => translateShared(language, key, params), language);

const store: TermsStore = {
  name: "Leirverket",
  phone: "+4791234567",
  vatRate: 25,
  legalName: "Leirverket Hansen ENK",
  orgNumber: "923609016",
  address: "Verkstedgata 3, 5003 Bergen",
  termsExtra: "Spesialbestillinger lages innen tre uker.\n\nGlasur kan variere fra bildet.",
  deliveryOptions: [
    {
      id: "a",
      name: "Hent i verkstedet",
      kind: "pickup",
      price: "0.00",
      freeAbove: null,
      note: "Tirsdag–torsdag 12–18",
    },
    {
      id: "b",
      name: "Posten/Bring: pakke i postkassen",
      kind: "parcel",
      price: "99.00",
      freeAbove: "1000.00",
      note: null,
    },
  ],
};

const text = (sections: ReturnType<typeof termsSections>) =>
  sections
    .flatMap((section) => [section.heading, ...section.paragraphs, ...(section.points ?? [])])
    .join("\n");

describe("terms of sale generated from the store's settings (decision 0036)", () => {
  it("names the seller, VAT, delivery prices, angrerett with its exceptions, complaints and the extra text (nb)", () => {
    const sections = termsSections(store, "nb");
    expect(sections.map((section) => section.id)).toEqual([
      "seller",
      "prices",
      "delivery",
      "withdrawal",
      "complaints",
      "extra",
    ]);
    const all = text(sections);
    expect(all).toContain("Du kjøper fra Leirverket Hansen ENK");
    expect(all).toContain("Organisasjonsnummer: 923 609 016 MVA");
    expect(all).toContain("Verkstedgata 3, 5003 Bergen");
    expect(all).toContain("inkluderer 25 % merverdiavgift");
    expect(all).toContain("Hent i verkstedet: gratis. Tirsdag–torsdag 12–18");
    expect(all).toMatch(/Posten\/Bring: pakke i postkassen: 99 kr\. Gratis ved kjøp for 1\s000 kr eller mer/);
    expect(all).toContain("innen 14 dager");
    expect(all).toContain("angrerettloven § 22");
    expect(all).toContain("laget på bestilling");
    expect(all).toContain("raskt blir dårlige");
    expect(all).toContain("senest 2 år");
    expect(all).toContain("5 år for varer som er ment å vare vesentlig lenger");
    expect(sections.at(-1)?.paragraphs).toEqual([
      "Spesialbestillinger lages innen tre uker.",
      "Glasur kan variere fra bildet.",
    ]);
  });

  it("says what is missing for a seller without VAT, identity or delivery options (en)", () => {
    const sections = termsSections(
      { ...store, vatRate: null, orgNumber: null, address: null, termsExtra: null, deliveryOptions: [] },
      "en",
    );
    const all = text(sections);
    expect(all).toContain("not registered for VAT");
    expect(all).toContain("has not yet given an organisation number or address");
    expect(all).toContain("The seller agrees delivery with you after you order");
    expect(sections.map((section) => section.id)).not.toContain("extra");
  });

  it("has every text in every language (no key shown raw)", () => {
    for (const language of ["en", "nb", "sv", "da"] as const) {
      expect(text(termsSections(store, language))).not.toMatch(/terms\.\w+/);
    }
  });
});
