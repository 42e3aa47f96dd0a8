import { describe, expect, it } from "vitest";
import { formatOrderDate } from "./order-date";

describe("formatOrderDate", () => {
  it("writes the day in Norway's time zone, in the language's words", () => {
    // 23:30 UTC on 28 November is already 29 November in Oslo.
    const late = new Date("2026-11-28T23:30:00Z");
    expect(formatOrderDate(late, "en")).toBe("29 November 2026");
    expect(formatOrderDate(late, "nb")).toBe("29. november 2026");
  });

  it("takes an ISO string as the browser gets it, and says the same as for the Date", () => {
    const iso = "2026-06-01T10:00:00.000Z";
    for (const language of ["en", "nb", "sv", "da"] as const)
      expect(formatOrderDate(iso, language)).toBe(formatOrderDate(new Date(iso), language));
  });
});
