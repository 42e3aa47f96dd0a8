import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

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

/** The journey server's output (playwright.config.ts sends it there): one JSON log line each. */
export function serverLogPath(port = Number(process.env.E2E_PORT ?? 3100)) {
  return `.tmp/e2e-server-${port}.log`;
}

/**
 * The 6-digit code in the last text the server's log SMS provider wrote for `to` (E.164), as a seller
 * reads it on the phone; waits for the SMS worker to get to it.
 */
export async function textedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(serverLogPath())
          ? fs.readFileSync(serverLogPath(), "utf8").split("\n")
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
