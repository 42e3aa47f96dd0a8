import { describe, expect, it } from "vitest";
import { isoToOsloInput, osloInputToIso, osloOffsetMinutes } from "./oslo-time";

describe("Oslo wall time ↔ instants (a discount code's window)", () => {
  it("uses +01:00 in winter and +02:00 in summer", () => {
    expect(osloInputToIso("2026-12-01", "10:00")).toBe("2026-12-01T10:00:00+01:00");
    expect(osloInputToIso("2026-07-15", "23:30")).toBe("2026-07-15T23:30:00+02:00");
    expect(osloInputToIso("2026-12-24", "")).toBe("2026-12-24T00:00:00+01:00");
    expect(osloOffsetMinutes(Date.parse("2026-01-01T00:00:00Z"))).toBe(60);
    expect(osloOffsetMinutes(Date.parse("2026-06-01T00:00:00Z"))).toBe(120);
  });

  it("gets the days the clocks change right on both sides of the change", () => {
    // 2026-03-29: 02:00 becomes 03:00; 2026-10-25: 03:00 becomes 02:00.
    expect(osloInputToIso("2026-03-29", "01:59")).toBe("2026-03-29T01:59:00+01:00");
    expect(osloInputToIso("2026-03-29", "03:00")).toBe("2026-03-29T03:00:00+02:00");
    expect(osloInputToIso("2026-10-25", "01:00")).toBe("2026-10-25T01:00:00+02:00");
    expect(osloInputToIso("2026-10-25", "04:00")).toBe("2026-10-25T04:00:00+01:00");
  });

  it("reads an instant back as the same Oslo date and time", () => {
    for (const [date, time] of [
      ["2026-12-01", "10:00"],
      ["2026-07-15", "23:30"],
      ["2027-01-01", "00:00"],
      ["2026-10-25", "04:00"],
    ] as const) {
      const iso = osloInputToIso(date, time) ?? "";
      expect(isoToOsloInput(iso)).toEqual({ date, time });
      expect(isoToOsloInput(new Date(iso).toISOString())).toEqual({ date, time });
    }
  });

  it("refuses what is not a date or a time", () => {
    expect(osloInputToIso("", "10:00")).toBeUndefined();
    expect(osloInputToIso("2026-02-30", "10:00")).toBeUndefined();
    expect(osloInputToIso("2026-12-01", "25:00")).toBeUndefined();
    expect(osloInputToIso("1. desember", "10:00")).toBeUndefined();
  });
});
