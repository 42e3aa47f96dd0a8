import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The journeys' accessibility check: axe with the WCAG 2.1 A and AA rules, failing on serious and
 * critical violations, with the rule and the first nodes in the message.
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  // Lazy chunks and queries first: a screen still loading is not the screen to judge.
  await page.waitForLoadState("networkidle");
  // Colours fade in over a short transition (a theme switched, a message shown): axe reading a colour
  // halfway measures a contrast nobody sees. A colour scheme just emulated reaches the page as an event
  // the app renders on: two frames let that render start its transitions before they are awaited.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // Finite animations end first; a spinner's never does.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
  expect(serious, `${what}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
