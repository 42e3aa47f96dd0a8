import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGetPage } from "./api";

/** The next fetch answers this JSON, with these headers. */
function answer(body: unknown, headers: Record<string, string> = {}, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json(body, { status, headers: { ...headers } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiGetPage", () => {
  it("takes the page as answered and the total from X-Total-Count", async () => {
    const fetch = answer(["c", "d"], { "X-Total-Count": "1234" });
    expect(await apiGetPage<string>("/api/orders?status=paid&limit=2&offset=2")).toEqual({
      items: ["c", "d"],
      total: 1234,
    });
    expect(fetch).toHaveBeenCalledWith(
      "/api/orders?status=paid&limit=2&offset=2",
      expect.objectContaining({ credentials: "include" }),
    );
  });

  it("cuts the page out of a whole list answered without the header, and counts that list", async () => {
    const all = ["a", "b", "c", "d", "e"];
    answer(all);
    expect(await apiGetPage<string>("/api/stores/s/products?limit=2&offset=2")).toEqual({
      items: ["c", "d"],
      total: 5,
    });
    answer(all);
    expect(await apiGetPage<string>("/api/stores/s/products?limit=2&offset=4")).toEqual({
      items: ["e"],
      total: 5,
    });
    answer(all);
    expect(await apiGetPage<string>("/api/stores/s/products")).toEqual({ items: all, total: 5 });
  });

  it("does not take a header that is not a count for one", async () => {
    answer(["a", "b", "c"], { "X-Total-Count": "many" });
    expect(await apiGetPage<string>("/api/x?limit=2&offset=0")).toEqual({ items: ["a", "b"], total: 3 });
  });

  it("throws the server's refusal as an ApiError", async () => {
    answer({ message: "Not found" }, {}, 404);
    const refused = apiGetPage("/api/stores/x/orders?limit=20&offset=0");
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 404 });
  });
});
