import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "maker") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.no`;
}

/** Registers through the UI and waits for the dashboard. */
export async function registerThroughUi(page: Page, fullName: string, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

export async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: /Account menu/ }).click();
}

/** A toast's visible text (Radix also keeps a screen-reader copy, which this skips). */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator("li[data-state='open']").getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * Every Content-Security-Policy violation on the page's documents from now on, as "directive blocked-uri":
 * the app must run under its own policy without the browser refusing anything (zod's eval probe did).
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__torgCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __torgCspViolation: (text: string) => void }).__torgCspViolation;
      report(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Uncaught errors on the page from now on, a failed hydration (React's recoverable errors) among them. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

const photoFixtures = path.resolve("src/server/adapters/ai/offline/fixtures");

/** One of the offline model's test photos, ready for an upload field or a multipart request. */
export const photo = (name: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: fs.readFileSync(path.join(photoFixtures, name)),
});

/**
 * The local SMTP server the journey server sends its e-mail to (playwright.config.ts sets SMTP_URL):
 * the e-mail journey listens there and reads the messages back.
 */
export function smtpPortFor(port = Number(process.env.E2E_PORT ?? 3100)) {
  return Number(process.env.E2E_SMTP_PORT ?? port + 20000);
}

/** Where the local Vipps and Stripe fakes listen for the journey server on `port` (decision 0035). */
export function fakePaymentPorts(port = Number(process.env.E2E_PORT ?? 3100)) {
  return {
    vipps: port + 21000,
    stripe: port + 22000,
    bring: port + 23000,
    dns: port + 24000,
    dnsControl: port + 25000,
  };
}

/** The journey server's output (playwright.config.ts sends it there): one JSON log line each. */
export function serverLogPath(port = Number(process.env.E2E_PORT ?? 3100)) {
  return `.tmp/e2e-server-${port}.log`;
}

/**
 * The 6-digit code in the last text the server's log SMS provider wrote for `to` (E.164), as a seller
 * reads it on the phone; waits for the SMS worker to get to it.
 */
/** How many lines the journey server's log holds now: `textedCode` then reads only what comes after. */
export function serverLogMark(): number {
  return fs.existsSync(serverLogPath()) ? fs.readFileSync(serverLogPath(), "utf8").split("\n").length - 1 : 0;
}

/**
 * The latest 6-digit code texted to `to`. With `since` (a serverLogMark taken before the code was asked
 * for), only a text logged after it counts: the shared test numbers hold older codes from earlier
 * journeys, and the new text may reach the log a moment after the screen says it was sent.
 */
export async function textedCode(to: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(serverLogPath())
          ? fs.readFileSync(serverLogPath(), "utf8").split("\n").slice(since)
          : [];
        for (const line of lines.reverse()) {
          if (!line.includes('"sms"')) continue;
          const sms = (JSON.parse(line) as { sms?: { to: string; body: string } }).sms;
          const found = sms?.to === to ? sms.body.match(/\b\d{6}\b/)?.[0] : undefined;
          if (found) {
            code = found;
            return found;
          }
        }
        return undefined;
      },
      { message: `a code texted to ${to}`, timeout: 15_000 },
    )
    .toBeDefined();
  return code as string;
}

/** A store of the signed-in seller, made through the API (the journeys that need one but do not test creating it). */
export async function createStoreThroughApi(
  request: APIRequestContext,
  name: string,
): Promise<{ id: string; slug: string }> {
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${randomUUID().slice(0, 6)}`;
  const response = await request.post("/api/stores", { data: { name, slug } });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Makes the signed-in seller's interface speak `language` (saved on the account and on this device). */
export async function switchLanguage(page: Page, language: "en" | "nb" | "sv" | "da") {
  expect((await page.request.put("/api/settings", { data: { language } })).ok()).toBe(true);
  await page.evaluate((lang) => localStorage.setItem("torg-language", lang), language);
  await page.context().addCookies([{ name: "torg_language", value: language, url: page.url() }]);
}

/** A made-up product photo: a coloured object on a linen backdrop, `width` pixels square. */
export async function madePhoto(rgb: [number, number, number], width = 800) {
  const { default: sharp } = await import("sharp");
  const item = await sharp({
    create: {
      width: Math.round(width / 3),
      height: Math.round(width * 0.38),
      channels: 3,
      background: { r: rgb[0], g: rgb[1], b: rgb[2] },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height: width, channels: 3, background: { r: 238, g: 230, b: 216 } } })
    .composite([{ input: item, gravity: "center" }])
    .jpeg()
    .toBuffer();
}

/**
 * The one seller account the screen journeys share (screen-defects, screen-looks, storefront-keyboard),
 * signed in on `request` (a page's request shares its cookies). Registering is limited to 20 an hour
 * per address and the whole journey suite runs from one: these journeys register once between them.
 * The interface language is reset to English, as another journey may have switched it.
 */
export async function signInSharedSeller(request: APIRequestContext) {
  const seller = {
    fullName: "Siri Journeys",
    email: "journey-seller@example.no",
    password: "glaze-and-kiln",
  };
  let response = await request.post("/api/login", {
    data: { email: seller.email, password: seller.password },
  });
  if (response.status() === 401) response = await request.post("/api/register", { data: seller });
  expect(response.ok()).toBe(true);
  // The account is shared by every journey: each starts from the same language and theme, whatever the
  // journey before it chose ("system" lets a journey's emulated colour scheme decide).
  expect((await request.put("/api/settings", { data: { language: "en", theme: "system" } })).ok()).toBe(true);
  return seller;
}

/**
 * A store of the shared seller (SMS phone +47 912 34 567) with two products, one with a SKU, made through
 * the API; signed out again, so the page is a shopper's.
 */
export async function seedShop(request: APIRequestContext, name = "Solveigs Keramikk") {
  const { email, password } = await signInSharedSeller(request);
  const store = await createStoreThroughApi(request, name);
  await request.put(`/api/stores/${store.id}`, {
    data: { phone: "+4791234567", description: "Stoneware from Lofoten." },
  });
  const add = async (title: string, price: string, rgb: [number, number, number], sku?: string) =>
    request.post(`/api/stores/${store.id}/products`, {
      multipart: {
        title,
        basePrice: price,
        // The journeys order from these shops again and again: more than the one-of-a-kind default.
        stockQty: "1000",
        blurb: `${title}, thrown and glazed by hand.`,
        ...(sku ? { sku } : {}),
        image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await madePhoto(rgb) },
      },
    });
  expect((await add("Sea-green mug", "349", [63, 120, 100], "MUG-SEA-01")).status()).toBe(201);
  expect((await add("Salt bowl", "189", [190, 150, 110])).status()).toBe(201);
  await request.post("/api/logout");
  return { ...store, email, password };
}
