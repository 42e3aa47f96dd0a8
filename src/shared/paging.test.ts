import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, MAX_PAGE_OFFSET, pageQuerySchema } from "./paging";

describe("the paging query", () => {
  it("reads numbers from the query string and fills the list's defaults", () => {
    expect(pageQuerySchema().parse({})).toEqual({ limit: 50, offset: 0 });
    expect(pageQuerySchema({ defaultLimit: ADMIN_PAGE_SIZE }).parse({ offset: "40" })).toEqual({
      limit: 20,
      offset: 40,
    });
    expect(pageQuerySchema({ defaultLimit: 100 }).parse({ limit: "200" })).toEqual({ limit: 200, offset: 0 });
  });

  it("refuses a page out of range with the invalid-input message", () => {
    const schema = pageQuerySchema({ maxLimit: 100 });
    for (const query of [
      { limit: "0" },
      { limit: "101" },
      { limit: "2.5" },
      { limit: "ten" },
      { offset: "-1" },
    ]) {
      const result = schema.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("errors.invalidInput");
    }
    expect(schema.safeParse({ offset: String(MAX_PAGE_OFFSET + 1) }).success).toBe(false);
    expect(schema.safeParse({ offset: String(MAX_PAGE_OFFSET) }).success).toBe(true);
  });
});
