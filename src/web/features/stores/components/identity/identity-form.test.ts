import { describe, expect, it } from "vitest";
import { identityFormValues, identityInputOf, identityResolver } from "./identity-form";

const typed = (changes: Partial<ReturnType<typeof identityFormValues>> = {}) => ({
  ...identityFormValues(undefined),
  ...changes,
});

const resolve = async (values: ReturnType<typeof identityFormValues>) =>
  identityResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the shop's look form", () => {
  it("starts from Torg's look, with no about page", () => {
    expect(identityInputOf(typed())).toEqual({
      logoImageUrl: null,
      brandColor: "#1b5a43",
      fontPairing: "torg",
      about: null,
    });
  });

  it("sends the about page's filled links only, and no location for a blank one", () => {
    const input = identityInputOf(
      typed({
        aboutText: "Krus fra Bergen.",
        aboutLocation: "  ",
        aboutLinks: [{ url: "" }, { url: " https://www.instagram.com/leirverket " }],
      }),
    );
    expect(input.about).toEqual({
      text: "Krus fra Bergen.",
      imageUrl: null,
      location: null,
      links: ["https://www.instagram.com/leirverket"],
    });
  });

  it("is checked by the route's own schema, each message under the field that caused it", async () => {
    const { errors } = await resolve(
      typed({
        brandColor: "red",
        aboutText: "",
        aboutLocation: "Bergen",
        aboutLinks: [{ url: "" }, { url: "http://leirverket.no" }],
      }),
    );
    expect(errors.brandColor?.message).toBe("errors.brandColorInvalid");
    expect(errors.aboutText?.message).toBe("errors.aboutTextRequired");
    // The second row: the blank first one is not sent, but the message stays with the row typed in.
    expect(errors.aboutLinks?.[1]?.url?.message).toBe("errors.aboutLinkInvalid");
  });

  it("passes a whole look", async () => {
    const values = typed({ brandColor: "#9A3B26", fontPairing: "editorial", aboutText: "Krus." });
    expect((await resolve(values)).errors).toEqual({});
  });
});
