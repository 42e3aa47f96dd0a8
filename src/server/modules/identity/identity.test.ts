import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastReport } from "../../../shared/brand";
import { translateError } from "../../../shared/i18n";
import type { IdentityView } from "../../../shared/identity";
import { createStorage } from "../../adapters/storage";
import { createStoreVia, multipart, sampleJpeg } from "../../test/fixtures";
import { Agent, createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let logo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  // A scanned logo: a dark wordmark with a round accent on a wide white border the upload trims away.
  const mark = await sharp({
    create: { width: 400, height: 120, channels: 4, background: { r: 30, g: 30, b: 30, alpha: 1 } },
  })
    .png()
    .toBuffer();
  logo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#ffffff" } })
    .composite([{ input: mark, top: 190, left: 200 }])
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function upload(agent: Agent, url: string, body: Buffer, filename = "logo.png", type = "image/png") {
  const form = multipart({}, [{ field: "image", filename, body, type }]);
  return agent.request({ method: "POST", url, ...form });
}

async function uploadLogo(agent: Agent, storeId: string, body = logo) {
  const response = await upload(agent, `/api/stores/${storeId}/identity/logo`, body);
  expect(response.statusCode).toBe(200);
  return (response.json() as { logoImageUrl: string }).logoImageUrl;
}

async function seller() {
  const { agent } = await signUp(t.app);
  const store = await createStoreVia(agent);
  return { agent, store };
}

/** The stored file behind an /uploads/ URL, as the public route serves it. */
async function served(url: string) {
  const response = await new Agent(t.app).get(url);
  expect(response.statusCode, url).toBe(200);
  return sharp(response.rawPayload).metadata();
}

const stored = (url: string) => createStorage(t.config).exists(url.replace(/^\/uploads\//, ""));

const message = (key: string, params = {}) => translateError("en", key, params);

describe("a shop's identity", () => {
  it("uploads a trimmed logo, saves the look and makes every asset at its size", async () => {
    const { agent, store } = await seller();
    const logoUrl = await uploadLogo(agent, store.id);
    expect(logoUrl).toMatch(new RegExp(`^/uploads/brand/${store.id}-logo-[0-9a-f-]{36}\\.png$`));
    const uploaded = await served(logoUrl);
    expect([uploaded.width, uploaded.height, uploaded.format]).toEqual([400, 120, "png"]);

    // Uploading is not saving.
    const unsaved = (await agent.get(`/api/stores/${store.id}/identity`)).json() as IdentityView;
    expect(unsaved.logoImageUrl).toBeNull();
    expect(unsaved.brandAssets).toBeNull();

    const response = await agent.put(`/api/stores/${store.id}/identity`, {
      logoImageUrl: logoUrl,
      brandColor: "#B04A2F",
      fontPairing: "warm",
      about: {
        text: "I throw every mug by hand in Bergen.",
        location: "Bergen",
        links: ["https://instagram.com/keramikkari"],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as IdentityView;
    expect(view).toMatchObject({
      logoImageUrl: logoUrl,
      brandColor: "#b04a2f",
      fontPairing: "warm",
      about: { text: "I throw every mug by hand in Bergen.", location: "Bergen", imageUrl: null },
      contrast: contrastReport("#b04a2f"),
    });
    const assets = view.brandAssets;
    if (!assets) throw new Error("no brand assets");
    const sizes = Object.fromEntries(
      await Promise.all(
        Object.entries(assets).map(async ([name, url]) => {
          const meta = await served(url);
          return [name, [meta.width, meta.height]];
        }),
      ),
    );
    expect(sizes.logoSquare).toEqual([512, 512]);
    expect(sizes.favicon32).toEqual([32, 32]);
    expect(sizes.icon180).toEqual([180, 180]);
    expect(sizes.socialCard).toEqual([1200, 630]);
    const [wideWidth = 0, wideHeight = 0] = sizes.logoWide as number[];
    expect(wideWidth).toBeLessThanOrEqual(1200);
    expect(wideHeight).toBeLessThanOrEqual(400);
    expect(wideWidth / wideHeight).toBeCloseTo(400 / 120, 1);
    // The square keeps its padding transparent; the home-screen icon is a solid tile.
    expect((await sharp(await fileOf(assets.logoSquare)).stats()).isOpaque).toBe(false);
    expect((await sharp(await fileOf(assets.icon180)).stats()).isOpaque).toBe(true);

    expect((await agent.get(`/api/stores/${store.id}/identity`)).json()).toEqual(view);
    // The shop page carries what was made.
    const shop = (await new Agent(t.app).get(`/api/stores/slug/${store.slug}`)).json();
    expect(shop.brand).toMatchObject({
      logoWide: assets.logoWide,
      favicon32: assets.favicon32,
      brandColor: "#b04a2f",
    });
  });

  it("keeps what a save leaves out and clears what it sets to null", async () => {
    const { agent, store } = await seller();
    await agent.put(`/api/stores/${store.id}/identity`, { brandColor: "#224466", fontPairing: "modern" });
    const kept = (await agent.put(`/api/stores/${store.id}/identity`, { fontPairing: null })).json();
    expect(kept).toMatchObject({ brandColor: "#224466", fontPairing: null, logoImageUrl: null });
  });

  it("refuses what is no image, another store's upload, a bad colour and bad links", async () => {
    const { agent, store } = await seller();
    const other = await seller();
    const notImage = await upload(agent, `/api/stores/${store.id}/identity/logo`, Buffer.from("hello"));
    expect(notImage.statusCode).toBe(415);
    expect((notImage.json() as { message: string }).message).toBeTruthy();
    // A form sent without its file is told what was to be uploaded, not "a product image".
    for (const [path, key] of [
      ["logo", "logoRequired"],
      ["about-photo", "aboutPhotoRequired"],
    ] as const) {
      const empty = multipart({ note: "no file" }, []);
      const response = await agent.request({
        method: "POST",
        url: `/api/stores/${store.id}/identity/${path}`,
        ...empty,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: message(key) });
    }

    const theirs = await uploadLogo(other.agent, other.store.id);
    const refusals: [unknown, string][] = [
      [{ logoImageUrl: theirs }, message("logoNotUploaded")],
      [{ logoImageUrl: theirs.replace(other.store.id, store.id) }, message("logoNotUploaded")],
      [{ logoImageUrl: "https://example.com/logo.png" }, message("logoNotUploaded")],
      [{ brandColor: "red" }, message("brandColorInvalid")],
      [{ fontPairing: "comic" }, message("fontPairingInvalid")],
      [{ about: { text: "  " } }, message("aboutTextRequired")],
      [{ about: { text: "Hi", links: ["http://example.com"] } }, message("aboutLinkInvalid")],
      [
        { about: { text: "Hi", links: Array.from({ length: 7 }, (_, i) => `https://example.com/${i}`) } },
        message("aboutTooManyLinks", { max: 6 }),
      ],
    ];
    for (const [body, text] of refusals) {
      const response = await agent.put(`/api/stores/${store.id}/identity`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message: string }).message).toBe(text);
    }
    expect(message("aboutTooManyLinks", { max: 6 })).toContain("6");

    const theirPhoto = await upload(
      other.agent,
      `/api/stores/${other.store.id}/identity/about-photo`,
      await sampleJpeg(640, 480),
      "me.jpg",
      "image/jpeg",
    );
    const photoUrl = (theirPhoto.json() as { imageUrl: string }).imageUrl;
    const refused = await agent.put(`/api/stores/${store.id}/identity`, {
      about: { text: "Hi", imageUrl: photoUrl },
    });
    expect(refused.statusCode).toBe(400);
    // Nothing of the refused saves was kept.
    expect((await agent.get(`/api/stores/${store.id}/identity`)).json()).toMatchObject({
      logoImageUrl: null,
      brandColor: null,
      about: null,
    });
  });

  it("deletes the logo's files when it is cleared or replaced", async () => {
    const { agent, store } = await seller();
    const first = await uploadLogo(agent, store.id);
    const saved = (
      await agent.put(`/api/stores/${store.id}/identity`, { logoImageUrl: first })
    ).json() as IdentityView;
    const firstFiles = [first, ...Object.values(saved.brandAssets ?? {})];
    expect(firstFiles).toHaveLength(6);

    const second = await uploadLogo(agent, store.id);
    const replaced = (
      await agent.put(`/api/stores/${store.id}/identity`, { logoImageUrl: second })
    ).json() as IdentityView;
    for (const url of firstFiles) expect(await stored(url), url).toBe(false);
    const secondFiles = [second, ...Object.values(replaced.brandAssets ?? {})];
    for (const url of secondFiles) expect(await stored(url), url).toBe(true);

    const cleared = (
      await agent.put(`/api/stores/${store.id}/identity`, { logoImageUrl: null })
    ).json() as IdentityView;
    expect(cleared).toMatchObject({ logoImageUrl: null, brandAssets: null });
    for (const url of secondFiles) expect(await stored(url), url).toBe(false);
  });

  it("remakes the social card when the colour or the name changes", async () => {
    const { agent, store } = await seller();
    const logoUrl = await uploadLogo(agent, store.id);
    const first = (
      await agent.put(`/api/stores/${store.id}/identity`, { logoImageUrl: logoUrl, brandColor: "#1b5a43" })
    ).json() as IdentityView;
    const recoloured = (
      await agent.put(`/api/stores/${store.id}/identity`, { brandColor: "#f4c430" })
    ).json() as IdentityView;
    if (!first.brandAssets || !recoloured.brandAssets) throw new Error("no brand assets");
    expect(recoloured.brandAssets.socialCard).not.toBe(first.brandAssets.socialCard);
    expect(recoloured.brandAssets.logoSquare).toBe(first.brandAssets.logoSquare);
    expect(await stored(first.brandAssets.socialCard)).toBe(false);
    // The card is the colour: its corner is the new brand colour.
    const corner = await sharp(await fileOf(recoloured.brandAssets.socialCard))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...corner.subarray(0, 3)]).toEqual([0xf4, 0xc4, 0x30]);

    const renamed = await agent.put(`/api/stores/${store.id}`, { name: `Kari's <Keramikk> & co` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await agent.get(`/api/stores/${store.id}/identity`)).json() as IdentityView;
    expect(after.brandAssets?.socialCard).not.toBe(recoloured.brandAssets.socialCard);
    expect(after.brandAssets?.favicon32).toBe(recoloured.brandAssets.favicon32);
    expect(await stored(recoloured.brandAssets.socialCard)).toBe(false);
    expect((await served(after.brandAssets?.socialCard ?? "")).width).toBe(1200);
  });

  it("reports the colour's contrast where the shop uses it", async () => {
    const { agent, store } = await seller();
    const pale = (
      await agent.put(`/api/stores/${store.id}/identity`, { brandColor: "#ffeb3b" })
    ).json() as IdentityView;
    expect(pale.contrast).toEqual(contrastReport("#ffeb3b"));
    expect(pale.contrast.readable.onLight).toBe(false);
    expect(pale.contrast.readable.onBrand).toBe(true);
    const none = (
      await agent.put(`/api/stores/${store.id}/identity`, { brandColor: null })
    ).json() as IdentityView;
    expect(none.contrast).toEqual(contrastReport("#1b5a43"));
  });

  it("keeps an about photo through the photo pipeline and deletes it when replaced", async () => {
    const { agent, store } = await seller();
    const photo = await sampleJpeg(900, 700);
    const send = async () => {
      const response = await upload(agent, `/api/stores/${store.id}/identity/about-photo`, photo, "me.jpg");
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { imageUrl: string }).imageUrl;
    };
    const first = await send();
    expect(first).toMatch(new RegExp(`^/uploads/brand/${store.id}-about-.+-1600\\.webp$`));
    expect((await served(first)).format).toBe("webp");
    const saved = await agent.put(`/api/stores/${store.id}/identity`, {
      about: { text: "Hi", imageUrl: first },
    });
    expect(saved.json()).toMatchObject({ about: { text: "Hi", imageUrl: first, links: [] } });
    const second = await send();
    await agent.put(`/api/stores/${store.id}/identity`, { about: { text: "Hello", imageUrl: second } });
    expect(await stored(first)).toBe(false);
    expect(await stored(first.replace("-1600.", "-400."))).toBe(false);
    expect(await stored(second)).toBe(true);
  });

  it("is its members' alone: another seller gets 404, nobody signed in 401", async () => {
    const { agent, store } = await seller();
    const stranger = await seller();
    const logoUrl = await uploadLogo(agent, store.id);
    for (const response of [
      await stranger.agent.get(`/api/stores/${store.id}/identity`),
      await stranger.agent.put(`/api/stores/${store.id}/identity`, { brandColor: "#000000" }),
      await upload(stranger.agent, `/api/stores/${store.id}/identity/logo`, logo),
      await upload(stranger.agent, `/api/stores/${store.id}/identity/about-photo`, logo),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await new Agent(t.app).put(`/api/stores/${store.id}/identity`, {
      logoImageUrl: logoUrl,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await agent.get(`/api/stores/${store.id}/identity`)).json()).toMatchObject({ brandColor: null });
  });
});

async function fileOf(url: string) {
  return (await new Agent(t.app).get(url)).rawPayload;
}
