import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_STATE_ELEMENT_ID } from "../../web/lib/page-state";
import { sourceTemplate } from "../pages/page-templates";
import { createStoreVia } from "../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../test/harness";

/** Which language a visitor who has chosen none, or one, reads the pages rendered on the server in. */
let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // The source templates stand in for the built client: the page routes need no Vite build.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-language-"));
  for (const page of ["index.html", "account.html", "shop.html"])
    fs.writeFileSync(path.join(webRoot, page), sourceTemplate(page));
  t = await createTestApp({ WEB_ROOT: webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: "text/html", ...headers } });

const languageOf = (html: string) =>
  (
    JSON.parse(
      new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(
        html,
      )?.[1] ?? "null",
    ) as { language: string }
  ).language;

const NORWEGIAN_BROWSER = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };

describe("login and sign-up speak the browser's language until the visitor chooses one", () => {
  it("renders /login in Norwegian for a Norwegian browser", async () => {
    const response = await page("/login", NORWEGIAN_BROWSER);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="nb"');
    expect(response.body).toContain("Logg inn");
    expect(languageOf(response.body)).toBe("nb");
  });

  it("renders /register in the best language the browser weights highest", async () => {
    const response = await page("/register", { "accept-language": "fr;q=1, en;q=0.4, da;q=0.8" });
    expect(response.body).toContain('<html lang="da"');
    expect(languageOf(response.body)).toBe("da");
  });

  it("keeps English for a browser in none of Torg's languages", async () => {
    const response = await page("/login", { "accept-language": "fr-FR,de;q=0.5" });
    expect(languageOf(response.body)).toBe("en");
    expect(response.body).toContain("Log in");
  });

  it("lets the visitor's choice win over the browser's language", async () => {
    const response = await page("/login", { ...NORWEGIAN_BROWSER, cookie: "torg_language=sv" });
    expect(response.body).toContain('<html lang="sv"');
    expect(languageOf(response.body)).toBe("sv");
  });
});

describe("a storefront speaks its store's language unless the visitor chose one", () => {
  it("ignores the browser's language, and follows the visitor's choice", async () => {
    const { agent } = await signUp(t.app);
    const store = await createStoreVia(agent, "Sølvsmia");
    expect((await agent.put(`/api/stores/${store.id}`, { defaultLocale: "sv" })).statusCode).toBe(200);

    const shopper = await page(`/s/${store.slug}`, NORWEGIAN_BROWSER);
    expect(shopper.body).toContain('<html lang="sv"');
    expect(shopper.body).toContain("Våra produkter");
    expect(languageOf(shopper.body)).toBe("sv");

    const chose = await page(`/s/${store.slug}`, { ...NORWEGIAN_BROWSER, cookie: "torg_language=da" });
    expect(chose.body).toContain('<html lang="da"');
    expect(chose.body).toContain("Vores produkter");
    expect(languageOf(chose.body)).toBe("da");
  });

  it("answers a missing store in the browser's language", async () => {
    const missing = await page("/s/no-such-store-here", { "accept-language": "en;q=0.2, nb-NO;q=0.8" });
    expect(missing.statusCode).toBe(404);
    expect(languageOf(missing.body)).toBe("nb");
  });
});

describe("a new account starts in the language its sign-up spoke", () => {
  it("saves the sign-up's language as the account's, so the app stays in it after signing in", async () => {
    const agent = new Agent(t.app);
    const registered = await agent.request({
      method: "POST",
      url: "/api/register",
      headers: NORWEGIAN_BROWSER,
      payload: { fullName: "Nora Nordmann", email: "nora@example.no", password: "strikk-fra-voss" },
    });
    expect(registered.statusCode).toBe(201);
    expect((await agent.get("/api/settings")).json()).toMatchObject({ language: "nb" });

    const { agent: english } = await signUp(t.app);
    expect((await english.get("/api/settings")).json()).toMatchObject({ language: "en" });
  });
});
