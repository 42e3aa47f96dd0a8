import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const read = (area: string, language: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, area, `${language}.json`), "utf8"));

/**
 * Torg has no test mode: a channel that is not live is left out of checkout (channelReadiness "notLive",
 * offeredProviders), the order is placed unpaid and the shop says the seller will be in touch about
 * payment (storefront payment.manual). The card says that, not "the providers' test environments".
 */
describe("issue 33 item 1: the live-mode hint says what off does", () => {
  for (const language of ["en", "nb", "sv", "da"]) {
    it(`${language}: no test environment, test mode or sandbox is promised`, () => {
      const { payments } = read("stores", language);
      for (const text of [payments.liveHint, payments.testBadge, payments.readiness.notLive]) {
        expect(text.toLowerCase()).not.toMatch(/test|sandbox/);
      }
    });

    it(`${language}: off is no online payment, and the shopper still orders`, () => {
      const { payments } = read("stores", language);
      const off = payments.liveHint.split(/\.\s/)[1] as string;
      const online = {
        en: "online payment",
        nb: "betaling på nett",
        sv: "betalning online",
        da: "onlinebetaling",
      };
      const order = { en: "order", nb: "bestiller", sv: "beställer", da: "bestiller" };
      expect(off.toLowerCase()).toContain(online[language as keyof typeof online]);
      expect(off.toLowerCase()).toContain(order[language as keyof typeof order]);
    });
  }
});
