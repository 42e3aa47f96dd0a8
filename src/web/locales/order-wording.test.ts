import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const read = (language: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "orders", `${language}.json`), "utf8"));

describe("issue item 4 (minor): the seller's hint names the status the seller picks", () => {
  for (const language of ["en", "nb", "sv", "da"]) {
    it(`${language}: "fulfilling captures the reservation" says the option's own word`, () => {
      const catalogue = read(language);
      // The word's stem: "Fulfilling" names "fulfilled" as "levert" names "levert".
      const stem = (catalogue.status.inSentence.fulfilled as string).slice(0, 5);
      expect(catalogue.orders.payment.willCapture.toLowerCase()).toContain(stem);
    });
  }
});

describe("issue 33 (minor): a pick-up order's hint names the option the seller picks (decision 0067)", () => {
  for (const language of ["en", "nb", "sv", "da"]) {
    it(`${language}: "Ready for pick-up" is the option, and the capture hint says it`, () => {
      const catalogue = read(language);
      const word = catalogue.status.inSentence.readyForPickup as string;
      expect(catalogue.status.readyForPickup.toLowerCase()).toBe(word);
      expect(catalogue.orders.payment.willCapturePickup.toLowerCase()).toContain(word);
      expect(catalogue.orders.payment.willCapturePickup.toLowerCase()).not.toContain(
        catalogue.status.inSentence.fulfilled,
      );
    });
  }
});
