import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPageUrl, safeNextPath } from "../../shared/next-path";
import { PAGE_STATE_ELEMENT_ID } from "../../web/lib/page-state";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import { sourceTemplate } from "./page-templates";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // The source templates stand in for the built client: the page routes need no Vite build.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "torg-account-"));
  for (const page of ["index.html", "account.html"])
    fs.writeFileSync(path.join(webRoot, page), sourceTemplate(page));
  t = await createTestApp({ WEB_ROOT: webRoot, SIGNUP_ALLOWLIST: "@example.no" });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: "text/html", ...headers } });

function pageState(html: string) {
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  return JSON.parse(json ?? "null") as {
    page: string;
    next: string;
    language: string;
    signupRestricted: boolean;
  };
}

describe("the server-rendered login and sign-up pages", () => {
  it("renders the login form, readable before any script runs", async () => {
    const response = await page("/login?next=%2Fprofile");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("<title>Log in · Torg</title>");
    expect(response.body).toContain(
      '<meta name="description" content="A lightweight commerce platform empowering small-scale makers">',
    );
    expect(response.body).toContain('<input type="email"');
    // Sent before the script runs, a GET form would put the password in the address and the access log.
    expect(response.body).toMatch(/<form [^>]*method="post"/);
    expect(response.body).toContain('href="/register?next=%2Fprofile"');
    expect(pageState(response.body)).toMatchObject({
      page: "login",
      next: "/profile",
      signupRestricted: true,
    });
  });

  it("renders the sign-up page, in the language the visitor chose", async () => {
    const response = await page("/register", { cookie: "torg_language=sv" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="sv"');
    expect(response.body).toContain("Skapa ditt konto");
    expect(response.body).toMatch(/<form [^>]*method="post"/);
    expect(pageState(response.body)).toMatchObject({ page: "register", next: "/", language: "sv" });
  });

  it("sends a signed-in visitor on to where they were going", async () => {
    const { agent } = await signUp(t.app);
    const cookie = `torg_session=${agent.cookie}`;
    const login = await page("/login?next=%2Forders%3FstoreId%3Dx", { cookie });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe("/orders?storeId=x");
    const register = await page("/register", { cookie });
    expect(register.statusCode).toBe(303);
    expect(register.headers.location).toBe("/");
  });

  it("never sends anyone to another site after signing in", async () => {
    for (const next of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await page(`/login?next=${encodeURIComponent(next)}`);
      expect(pageState(response.body).next, next).toBe("/");
    }
  });
});

describe("the privacy page", () => {
  it("says what Torg stores, for how long and who answers for it, signed in or not", async () => {
    const { agent } = await signUp(t.app);
    for (const cookie of [undefined, `torg_session=${agent.cookie}`]) {
      const response = await page("/privacy", cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<title>Privacy · Torg</title>");
      expect(response.body).toContain("What Torg stores about you, and why");
      // The configured periods, in words (the defaults here).
      expect(response.body).toContain("erased after 5 years");
      expect(response.body).toContain("SMS log: 90 days.");
      expect(response.body).toContain("AI log: 180 days.");
      expect(response.body).toContain("View counts: 730 days.");
      expect(response.body).toContain("the seller who runs the shop");
      expect(response.body).toContain("Download my data");
      expect(pageState(response.body)).toMatchObject({ page: "privacy" });
    }
  });

  it("is written in the visitor's language", async () => {
    const response = await page("/privacy", { cookie: "torg_language=nb" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="nb"');
    expect(response.body).toContain("<title>Personvern · Torg</title>");
    expect(response.body).toContain("Hva Torg lagrer om deg, og hvorfor");
    expect(response.body).toContain("slettes etter 5 år");
  });

  it("is linked from the login page", async () => {
    const response = await page("/login");
    expect(response.body).toMatch(/<a href="\/privacy"[^>]*>Privacy<\/a>/);
  });
});

describe("safeNextPath and accountPageUrl", () => {
  it("keeps this site's paths and nothing else", () => {
    expect(safeNextPath("/stores/1?tab=orders#x")).toBe("/stores/1?tab=orders#x");
    expect(safeNextPath("/login?next=/x")).toBe("/");
    expect(safeNextPath("/register")).toBe("/");
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath("stores")).toBe("/");
  });

  it("carries where to go next, except the dashboard", () => {
    expect(accountPageUrl("/login", "/")).toBe("/login");
    expect(accountPageUrl("/login", "/quick-create")).toBe("/login?next=%2Fquick-create");
  });
});
