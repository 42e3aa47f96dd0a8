import { describe, expect, it } from "vitest";
import { socialLinkLabel } from "./social-links";

describe("socialLinkLabel", () => {
  it("names the social services by their hosts, with or without www and subdomains", () => {
    expect(socialLinkLabel("https://www.instagram.com/keramikkari")?.label).toBe("Instagram");
    expect(socialLinkLabel("https://m.facebook.com/keramikkari")?.label).toBe("Facebook");
    expect(socialLinkLabel("https://fb.me/keramikkari")?.label).toBe("Facebook");
    expect(socialLinkLabel("https://www.tiktok.com/@keramikkari")?.label).toBe("TikTok");
    expect(socialLinkLabel("https://no.pinterest.com/keramikkari")?.label).toBe("Pinterest");
    expect(socialLinkLabel("https://www.pinterest.co.uk/keramikkari")?.label).toBe("Pinterest");
  });

  it("names any other link by its host, and no look-alike as a service", () => {
    expect(socialLinkLabel("https://www.keramikkari.no/om")).toEqual({
      label: "keramikkari.no",
      service: false,
    });
    expect(socialLinkLabel("https://notinstagram.com/x")).toEqual({
      label: "notinstagram.com",
      service: false,
    });
    expect(socialLinkLabel("https://instagram.com.evil.example/x")?.service).toBe(false);
  });

  it("gives no label to text that is no address", () => {
    expect(socialLinkLabel("keramikkari")).toBeNull();
  });
});
