/**
 * Open redirect through `?next=`: "/login?next=/%09/evil.example/x" (a tab, which browsers drop, leaving
 * "//evil.example/x"), the same with CR/LF, backslashes and dot segments. A signed-in visitor opening the
 * login page is redirected by the server; a signed-out one gets the form, whose state carries `next` to
 * the browser, which goes there after signing in. Both go through `safeNextPath`, as does the protected
 * pages' redirect to the login page (`accountPageUrl`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPageUrl, safeNextPath } from "../../shared/next-path";
import { PAGE_STATE_ELEMENT_ID } from "../../web/lib/page-state";
import { sourceTemplate } from "../pages/page-templates";
import { createTestApp, signUp, type TestApp } from "../test/harness";

/** `next` values that lead off the site in a browser, as they arrive after URL decoding. */
const HOSTILE_NEXT = [
  "/\t/evil.example/x",
  "/\r\n/evil.example/x",
  "/\n/evil.example/x",
  "/\r/evil.example/x",
  "/\u0000/evil.example/x",
  "/\t\\evil.example/x",
  "/\\evil.example",
  "//evil.example/x",
  "/..//evil.example/x",
  "/./\t/evil.example",
  "https://evil.example",
  "\t//evil.example",
  "/%09/evil.example", // stays "%09" in the path: harmless, but must not be decoded into a tab
];

/** Printable ASCII without a backslash: no control character a browser drops, valid in a header. */
const PRINTABLE_PATH = /^[!-[\]-~]*$/;

let t: TestApp;
let webRoot: string;
let cookie: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-open-redirect-"));
  for (const page of ["index.html", "account.html"])
    fs.writeFileSync(path.join(webRoot, page), sourceTemplate(page));
  t = await createTestApp({ WEB_ROOT: webRoot });
  const { agent } = await signUp(t.app);
  cookie = `torg_session=${agent.cookie}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** Where a browser on https://shop.example goes when it follows this Location or assigns this path. */
const landing = (location: string) => new URL(location, "https://shop.example/login?next=x");

describe("the login page's redirect of a signed-in visitor", () => {
  for (const next of HOSTILE_NEXT) {
    it(`answers 303 to a path of this site for next=${JSON.stringify(next)}`, async () => {
      const response = await t.app.inject({
        url: `/login?next=${encodeURIComponent(next)}`,
        headers: { accept: "text/html", cookie },
      });
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(landing(location).origin).toBe("https://shop.example");
      expect(location).toMatch(PRINTABLE_PATH);
    });
  }

  it("answers CR/LF/NUL in next with a 303 to the dashboard, not a 500", async () => {
    for (const raw of ["/%0D%0ASet-Cookie:%20x=1", "/%0A/evil.example", "/%00"]) {
      const response = await t.app.inject({
        url: `/login?next=${raw}`,
        headers: { accept: "text/html", cookie },
      });
      expect(response.statusCode, raw).toBe(303);
      expect(response.headers.location, raw).toBe("/");
    }
  });

  it("still carries a signed-in visitor on to a page of the site", async () => {
    const response = await t.app.inject({
      url: `/login?next=${encodeURIComponent("/stores/1?tab=orders#x")}`,
      headers: { accept: "text/html", cookie },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/stores/1?tab=orders#x");
  });
});

describe("the signed-out login form's next page", () => {
  it("never hands the browser a next that leaves the site", async () => {
    for (const next of HOSTILE_NEXT) {
      const response = await t.app.inject({
        url: `/login?next=${encodeURIComponent(next)}`,
        headers: { accept: "text/html" },
      });
      expect(response.statusCode).toBe(200);
      const json = new RegExp(
        `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
      ).exec(response.body)?.[1];
      const state = JSON.parse(json ?? "null") as { next: string };
      expect(landing(state.next).origin, JSON.stringify(next)).toBe("https://shop.example");
      expect(state.next).toMatch(PRINTABLE_PATH);
    }
  });
});

describe("safeNextPath", () => {
  it("refuses control characters, backslashes and paths that normalise to another host", () => {
    for (const next of HOSTILE_NEXT.slice(0, -1)) expect(safeNextPath(next), JSON.stringify(next)).toBe("/");
  });

  it("keeps this site's paths, escaped as a Location header needs", () => {
    expect(safeNextPath("/stores/1?tab=orders#x")).toBe("/stores/1?tab=orders#x");
    expect(safeNextPath("/butikk/blåbær")).toBe("/butikk/bl%C3%A5b%C3%A6r");
    expect(safeNextPath("/login/")).toBe("/");
  });

  it("never answers anything that resolves to another origin (WHATWG URL parsing)", () => {
    // Strings built from the characters that matter to a URL parser, and fully random ones.
    const urlish = fc
      .array(
        fc.constantFrom(
          "/",
          "\\",
          "\t",
          "\n",
          "\r",
          "\u0000",
          " ",
          ".",
          "..",
          ":",
          "@",
          "?",
          "#",
          "%",
          "%2f",
          "%5c",
          "%09",
          "evil.example",
          "https:",
          "javascript:",
          "\u3002",
          "\uff0f",
          "x",
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.oneof(
          urlish,
          urlish.map((rest) => `/${rest}`),
          fc.string({ unit: "binary" }),
        ),
        fc.constantFrom("https://shop.example", "http://127.0.0.1:3000"),
        (value, origin) => {
          const next = safeNextPath(value);
          expect(new URL(next, `${origin}/login?next=x`).origin).toBe(origin);
          // Nothing a browser drops before parsing (tab, CR, LF), and nothing a Location header refuses.
          expect(next).toMatch(PRINTABLE_PATH);
          expect(next.startsWith("/") && !next.startsWith("//")).toBe(true);
        },
      ),
      { seed: 4242, numRuns: 2000 },
    );
  });
});

describe("the protected pages' redirect to the login page", () => {
  it("carries only a next that stays on the site", () => {
    expect(accountPageUrl("/login", "/quick-create")).toBe("/login?next=%2Fquick-create");
    for (const next of HOSTILE_NEXT.slice(0, -1)) expect(accountPageUrl("/login", next)).toBe("/login");
  });
});
