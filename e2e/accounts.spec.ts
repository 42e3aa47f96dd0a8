import { expect, test } from "@playwright/test";
import {
  expectToast,
  openUserMenu,
  recordCspViolations,
  recordPageErrors,
  registerThroughUi,
  uniqueEmail,
} from "./helpers";
import { accountLink, openMailbox } from "./mailbox";

test("a maker registers, logs out and in, edits the profile (a new email with the password), and keeps theme and language across reloads", async ({
  page,
}) => {
  const email = uniqueEmail();
  const password = "potter-at-the-fjord";
  const cspViolations = await recordCspViolations(page);

  await registerThroughUi(page, "Kari Nordmann", email, password);

  // A protected page without a session sends you to login.
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "You have been logged out successfully.");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);

  // Log in: the password field starts empty, and a wrong password says why.
  await expect(page.getByLabel("Password")).toHaveValue("");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-my-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expectToast(page, "Invalid email or password");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expectToast(page, "Welcome back!");
  // Login remembers where you were going.
  await expect(page).toHaveURL(/\/profile$/);

  // Edit the profile.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Full name").fill("K");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
  await page.getByLabel("Full name").fill("Kari Keramikk");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Profile updated");
  await page.reload();
  await expect(page.getByRole("button", { name: /Account menu for Kari Keramikk/ })).toBeVisible();

  // A new email needs the current password: the field appears once the email differs.
  const profileForm = page.locator("form").filter({ has: page.getByLabel("Full name") });
  const newEmail = uniqueEmail("kari-keramikk");
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(profileForm.getByLabel("Current password")).toHaveCount(0);
  await profileForm.getByLabel("Email").fill(newEmail);
  await profileForm.getByRole("button", { name: "Save" }).click();
  await expect(profileForm.getByText("Enter your current password to change your email")).toBeVisible();
  await profileForm.getByLabel("Current password").fill("not-my-password");
  await profileForm.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "The current password is incorrect");
  // The new address replaces the old one once the link sent to it is opened (decision 0065).
  const mailbox = await openMailbox();
  try {
    await profileForm.getByLabel("Current password").fill(password);
    await profileForm.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Check your new address");
    await expect(profileForm.getByLabel("Current password")).toHaveCount(0);
    const link = accountLink(await mailbox.mailTo(newEmail, /^Confirm your email address for Torg$/));
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my address" }).click();
    await expect(page.getByText(`Your email address ${newEmail} is confirmed.`)).toBeVisible();
  } finally {
    await mailbox.close();
  }
  await page.goto("/profile");
  await expect(profileForm.getByLabel("Email")).toHaveValue(newEmail);

  // Theme and language survive a reload.
  await openUserMenu(page);
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await openUserMenu(page);
  await page.getByRole("menuitemradio", { name: "Norsk bokmål" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page.getByRole("link", { name: "Butikker" }).first()).toBeVisible();

  // And they follow the account to a fresh browser.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page.locator("html")).toHaveClass(/dark/);

  // Forms parsed with zod all along, and the browser refused nothing under the app's own policy.
  expect(cspViolations).toEqual([]);
});

test("an unknown URL shows the 404 page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("a signed-in user opening /login is sent to the dashboard", async ({ page }) => {
  await registerThroughUi(page, "Ola Smed", uniqueEmail("smith"), "forge-and-anvil");
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the login page, rendered by the server, switches language and theme for a visitor", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  await page.goto("/login");
  await expect(page).toHaveTitle("Log in · Torg");
  await page.getByRole("button", { name: "Language and theme" }).click();
  await page.getByRole("menuitemradio", { name: "Svenska" }).click();
  // The page comes back from the server in Swedish, and the app will speak it too.
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("button", { name: "Logga in" })).toBeVisible();
  await page.getByRole("button", { name: "Språk och tema" }).click();
  await page.getByRole("menuitemradio", { name: "Mörkt" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Logga in" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("the sign-up form says what is wrong before anything is sent", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("K");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
