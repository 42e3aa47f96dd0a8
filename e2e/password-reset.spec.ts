import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expectToast, recordPageErrors, registerThroughUi, uniqueEmail } from "./helpers";
import { accountLink, openMailbox } from "./mailbox";

/**
 * "Forgot password?" and the proof of an address (decision 0065), followed through the journey server's
 * mail, read back from the local SMTP server as the seller reads their inbox.
 */
let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());

const SHOTS = ".tmp/shots";

/** The screen on a phone and on a desktop, light and dark. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 860 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SHOTS}/reset-${name}-${size}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 860 });
}

test("a seller who forgot the password asks for a link, chooses a new password from it and is signed in; the other browser is signed out", async ({
  page,
  browser,
}) => {
  const pageErrors = recordPageErrors(page);
  const email = uniqueEmail("forgot");
  // The account, signed in on another browser that the reset must sign out.
  const other = await browser.newContext();
  const registered = await other.request.post("/api/register", {
    data: { fullName: "Frida Glemsk", email, password: "the-old-password" },
  });
  expect(registered.status()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "forgot password page");
  await shots(page, "forgot");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(
    page.getByText(
      "If an account exists for that address, we have sent a link to it. It works for one hour.",
    ),
  ).toBeVisible();
  await shots(page, "forgot-sent");

  const mail = await mailbox.mailTo(email, /^Reset your Torg password$/);
  const link = accountLink(mail);
  expect(new URL(link).pathname).toBe("/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "reset password page");
  await shots(page, "choose");
  // Sign-up's rule, checked in the browser before anything is sent.
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password").fill("a-fresh-password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expectToast(page, "You are signed in with your new password.");

  // The other browser's session ended; the old password no longer works, and the link works once.
  expect((await other.request.get("/api/me")).status()).toBe(401);
  const old = await other.request.post("/api/login", { data: { email, password: "the-old-password" } });
  expect(old.status()).toBe(401);
  await other.close();
  const again = await page.request.post("/api/password-reset/confirm", {
    data: { token: new URL(link).searchParams.get("token"), password: "yet-another-one" },
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).message).toBe("This link is invalid or has expired. Ask for a new one.");
  expect(pageErrors).toEqual([]);
});

test("a new seller sees the banner, sends the link again and proves the address from the e-mail", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const email = uniqueEmail("verify");
  await registerThroughUi(page, "Vera Verifiser", email, "proven-address");
  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await expect(banner).toContainText(`open the link we sent to ${email}`);
  await expectNoSeriousViolations(page, "dashboard with the verification banner");
  await shots(page, "banner");
  await banner.getByRole("button", { name: "Resend" }).click();
  await expectToast(page, `We sent a new link to ${email}.`);

  // The Resend link is the newest: the sign-up's stopped working when it was sent.
  await expect
    .poll(() => mailbox.all(email, /^Confirm your email address for Torg$/).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  const links = mailbox.all(email, /^Confirm your email address for Torg$/).map(accountLink);
  let opened = false;
  for (const link of links.reverse()) {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your email address", level: 1 })).toBeVisible();
    if (!opened) {
      await expectNoSeriousViolations(page, "verify e-mail page");
      await shots(page, "verify");
    }
    await page.getByRole("button", { name: "Confirm my address" }).click();
    const done = page.getByText(`Your email address ${email} is confirmed.`);
    const refused = page
      .locator("li[data-state='open']")
      .getByText(/invalid or has expired/)
      .first();
    await expect(done.or(refused)).toBeVisible();
    if (await done.isVisible()) {
      opened = true;
      await shots(page, "verified");
      break;
    }
  }
  expect(opened, "one of the links proved the address").toBe(true);
  await page.getByRole("link", { name: "Continue to Torg" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
