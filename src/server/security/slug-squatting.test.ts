/**
 * Slug squatting: another seller takes a name's slug, its numbered forms (-2, -3 …) and the forms cut
 * short to fit the 60-character limit, so that quick-create with that name fails (a 500: the unique
 * index, or the format check refusing a "…--2" cut) and store create suggests a taken or invalid slug.
 * Quick-create must find a free slug by itself; store create answers 409 with a free, valid suggestion;
 * concurrent creates of one slug give one 201 and 409s, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "../../shared/slug";
import type { TestApp } from "../test/harness";
import {
  createSecurityApp,
  quickStoreBody,
  type SecurityApp,
  type Seed,
  seedScenario,
  send,
} from "./scenario";

let app: SecurityApp;
let t: TestApp;
let seed: Seed;
beforeAll(async () => {
  app = await createSecurityApp();
  t = app.t;
  seed = await seedScenario(t);
}, 180_000);
afterAll(() => app?.close());

const NAMES = {
  short: "Lysstøperiet",
  // 60 characters once made a slug; cut to 58 for "-2" it ends in a hyphen ("…-og-" + "-2").
  hyphenAtCut: "Keramikkverkstedet i Nordfjord og Sunnfjord med utsalg og kafe i sentrum",
  // 60 characters; cut for "-2" it is "…-fra-gl-2", which no "slug-N" pattern finds.
  longName: "Vevstova på Sandane: handvevde teppe, puter og løpere fra Gloppen ab",
};

/** Every form a slug-suggester might try for a base: itself, -2 … -12, cut short or not, before or after trimming a hyphen. */
function squattableForms(base: string): string[] {
  const forms = new Set([base]);
  for (let n = 2; n <= 12; n++) {
    const suffix = `-${n}`;
    forms.add(`${base}${suffix}`);
    const cut = base.slice(0, SLUG_MAX_LENGTH - suffix.length);
    forms.add(`${cut}${suffix}`);
    forms.add(`${cut.replace(/-+$/, "")}${suffix}`);
  }
  return [...forms].filter((slug) => slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug));
}

/** The attacker ("other") takes every form they can; returns what they hold. */
async function squat(name: string): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const slug of squattableForms(slugify(name))) {
    const response = await send(t, seed.actors.other, {
      method: "POST",
      url: "/api/stores",
      payload: { name: "Squatter", slug },
    });
    expect(response.statusCode, `${slug}: ${response.body}`).toBe(201);
    taken.add(slug);
  }
  return taken;
}

function expectFreeValidSlug(slug: unknown, squatted: Set<string>) {
  expect(typeof slug).toBe("string");
  const text = slug as string;
  expect(text).toMatch(SLUG_PATTERN);
  expect(text.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  expect(squatted.has(text), `${text} is squatted`).toBe(false);
}

const quickCreate = (name: string) => {
  const body = quickStoreBody(seed.analysedImageUrl);
  return send(t, seed.actors.member, {
    method: "POST",
    url: "/api/quickstore",
    payload: { ...body, store: { ...body.store, name } },
  });
};

describe("slug squatting", () => {
  it.each(Object.entries(NAMES))(
    "quick-create of a squatted name (%s) still creates the store",
    async (_, name) => {
      const squatted = await squat(name);
      const response = await quickCreate(name);
      expect(response.statusCode, response.body).toBe(201);
      expectFreeValidSlug(response.json().storeSlug, squatted);
      // The shop answers at the slug it was given.
      const shop = await t.app.inject({ url: `/api/stores/slug/${response.json().storeSlug}` });
      expect(shop.statusCode, shop.body).toBe(200);
    },
  );

  it.each(Object.entries(NAMES))(
    "store create with a squatted slug (%s) is a 409 offering a free, valid slug that works",
    async (_, name) => {
      const slug = slugify(name);
      // The squats of the previous test are still there; squat again for a name not yet squatted.
      const squatted = new Set(squattableForms(slug));
      const attempt = await send(t, seed.actors.member, {
        method: "POST",
        url: "/api/stores",
        payload: { name, slug },
      });
      expect(attempt.statusCode, attempt.body).toBe(409);
      const { message, suggestion } = attempt.json();
      expect(message).toContain(slug);
      expectFreeValidSlug(suggestion, squatted);
      const taken = await send(t, seed.actors.member, {
        method: "POST",
        url: "/api/stores",
        payload: { name, slug: suggestion },
      });
      expect(taken.statusCode, taken.body).toBe(201);

      const availability = await send(t, seed.actors.member, {
        method: "GET",
        url: `/api/stores/slug-availability?slug=${slug}`,
      });
      expect(availability.json().available).toBe(false);
      expectFreeValidSlug(availability.json().suggestion, new Set([...squatted, suggestion]));
    },
  );

  it("concurrent store creates of one slug: one 201, the others 409 with a free suggestion, no 500", async () => {
    const slug = "samtidig-butikk";
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t, seed.actors.member, {
          method: "POST",
          url: "/api/stores",
          payload: { name: "Samtidig", slug },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expectFreeValidSlug(response.json().suggestion, new Set([slug]));
  });

  it("concurrent quick-creates of one name all get a store of their own", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => quickCreate("Samtidig Kafé")));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const slugs = responses.map((response) => response.json().storeSlug as string);
    expect(new Set(slugs).size).toBe(5);
    for (const slug of slugs) expect(slug).toMatch(SLUG_PATTERN);
  });
});
