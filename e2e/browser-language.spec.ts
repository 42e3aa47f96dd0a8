import { expect, test } from "@playwright/test";
import { recordPageErrors, uniqueEmail } from "./helpers";

// A shopper whose browser asks for Norwegian (Accept-Language and navigator.languages are nb-NO).
test.use({ locale: "nb-NO" });

test("a visitor with a Norwegian browser gets Norwegian on login, sign-up and quick-create until they choose", async ({
  page,
}) => {
  const errors = recordPageErrors(page);

  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page.getByRole("button", { name: "Logg inn" })).toBeVisible();
  await page.getByRole("link", { name: "Registrer deg" }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByRole("button", { name: "Opprett konto" })).toBeVisible();

  // The app (quick-create) starts in the browser's language too, before any script asked for it.
  await page.goto("/quick-create");
  await expect(
    page.getByRole("heading", { name: "Ta bilde av det du lager. Få en nettbutikk." }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");

  // A choice wins over the browser's language, here and on the login page.
  await page.getByRole("button", { name: "Språk og tema" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Photograph your work. Get a shop." })).toBeVisible();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a seller who signs up from a Norwegian browser keeps Norwegian in the app", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Fullt navn").fill("Nora Nordmann");
  await page.getByLabel("E-post").fill(uniqueEmail("nora"));
  await page.getByLabel("Passord", { exact: true }).fill("strikk-fra-voss");
  const settings = page.waitForResponse((response) => response.url().endsWith("/api/settings"));
  await page.getByRole("button", { name: "Opprett konto" }).click();
  // The account's saved language, adopted (and stored) once its settings arrive, is the one it signed up in.
  expect(await (await settings).json()).toMatchObject({ language: "nb" });
  await expect(page.getByRole("heading", { name: "Oversikt", level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Oversikt", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
});
