import { describe, expect, it } from "vitest";
import { formatPhone, toE164 } from "./phone";

describe("formatPhone: one way to show a number on every screen", () => {
  it("groups Norwegian mobiles 3-2-3", () => {
    expect(formatPhone("+4791234567")).toBe("+47 912 34 567");
    expect(formatPhone("+4741234567")).toBe("+47 412 34 567");
    // What a seller typed and the server stored comes out the same however it was spaced.
    expect(formatPhone(toE164("912 34 567") ?? "")).toBe("+47 912 34 567");
    expect(formatPhone("+47 91 23 45 67")).toBe("+47 912 34 567");
  });

  it("groups other Norwegian numbers in pairs", () => {
    expect(formatPhone("+4722123456")).toBe("+47 22 12 34 56");
  });

  it("shows other numbers as stored", () => {
    expect(formatPhone("+46701234567")).toBe("+46701234567");
    expect(formatPhone("12345")).toBe("12345");
  });

  it("reads back as the same number in the settings form", () => {
    expect(toE164(formatPhone("+4791234567"))).toBe("+4791234567");
  });
});
