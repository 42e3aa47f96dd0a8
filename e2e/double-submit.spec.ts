import { expect, test } from "@playwright/test";
import { openUserMenu, recordPageErrors, uniqueEmail } from "./helpers";

/**
 * Issue item 7 (decision 0061): a double click on "Create account" made the account, the second request
 * got 409, and the page spun on "Loading..." until reloaded. Now the form sends once, the button is
 * disabled while it does, and the maker lands on the dashboard signed in.
 */
test("a double click on Create account signs the new maker in once and lands on the dashboard", async ({
  page,
}) => {
  const pageErrors = recordPageErrors(page);
  const answers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/register") answers.push(response.status());
  });
  const email = uniqueEmail("double");

  await page.goto("/register");
  await page.getByLabel("Full name").fill("Dagny Dobbel");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("two-clicks-one-account");
  await page.getByRole("button", { name: "Create account" }).dblclick();

  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  expect(answers).toEqual([201]);
  // A second request's 409 would be logged on the page ("Failed to load resource").
  expect(pageErrors).toEqual([]);
});
