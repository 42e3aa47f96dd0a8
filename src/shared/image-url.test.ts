import { describe, expect, it } from "vitest";
import { fixImageUrl, imageSrcSet, imageVariantUrl, PLACEHOLDER_IMAGE } from "./image-url";

const uploaded = "/uploads/products/7d72936b-5fc0-4bec-9456-8e4d0903ee4d-1600.webp";
const stem = "/uploads/products/7d72936b-5fc0-4bec-9456-8e4d0903ee4d";

describe("an uploaded image's widths", () => {
  it("are named by the largest one's name", () => {
    expect(imageVariantUrl(uploaded, 800)).toBe(`${stem}-800.webp`);
    expect(imageVariantUrl(uploaded, 1600)).toBe(uploaded);
    expect(imageVariantUrl(`https://torg.no${uploaded}`, 400)).toBe(`https://torg.no${stem}-400.webp`);
  });

  it("leave another image's address as it is", () => {
    expect(imageVariantUrl("https://example.com/photo.jpg", 400)).toBe("https://example.com/photo.jpg");
    expect(imageVariantUrl(`${stem}-1600.webp?x=1`, 400)).toBe(`${stem}-1600.webp?x=1`);
  });

  it("make the srcset of an uploaded image, largest first, and none for another", () => {
    expect(imageSrcSet(`https://torg.no${uploaded}`)).toBe(
      `https://torg.no${stem}-1600.webp 1600w, https://torg.no${stem}-800.webp 800w, https://torg.no${stem}-400.webp 400w`,
    );
    expect(imageSrcSet("https://example.com/photo.jpg")).toBeUndefined();
    expect(imageSrcSet(PLACEHOLDER_IMAGE)).toBeUndefined();
  });

  it("are fixed to the site's origin, and anything else of the site becomes the placeholder", () => {
    expect(fixImageUrl(uploaded, "https://torg.no")).toBe(`https://torg.no${uploaded}`);
    expect(fixImageUrl("/uploads/../q/abc", "https://torg.no")).toBe(PLACEHOLDER_IMAGE);
    expect(fixImageUrl(null, "https://torg.no")).toBe(PLACEHOLDER_IMAGE);
  });
});
