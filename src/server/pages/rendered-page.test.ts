import { describe, expect, it } from "vitest";
import { shopBrandOf } from "../../shared/brand";
import { PAGE_STATE_ELEMENT_ID } from "./render";
import { fillPageTemplate } from "./rendered-page";

const TEMPLATE = [
  '<!doctype html><html lang="en"><head>',
  '<meta name="description" content="Torg: a lightweight commerce platform." />',
  "<style>body{color:red}</style>",
  "<title>Torg</title>",
  '</head><body><div id="root"><!--page-html--></div><!--page-state--></body></html>',
].join("\n");

describe("fillPageTemplate", () => {
  it("fills the language, head, state and HTML, each in its own place, once", () => {
    const html = fillPageTemplate(TEMPLATE, {
      language: "nb",
      meta: {
        title: 'Krus & "kopper" $& $\'',
        description: "Dreid </script> $1",
        share: { url: "https://torg.no/s/leire", image: "https://torg.no/a.webp" },
        structuredData: { name: "</script><script>" },
      },
      state: { text: "</script>$&" },
      // The page's own HTML is never searched for places: its <title> and comments stay as they are.
      html: "<svg><title>Krus</title></svg><!--page-state--></head>",
      preloadJson: "/shop-texts/nb.abc.json",
    });
    expect(html).toBe(
      [
        '<!doctype html><html lang="nb"><head>',
        '<meta name="description" content="Dreid &lt;/script&gt; $1">',
        "<style>body{color:red}</style>",
        "<title>Krus &amp; &quot;kopper&quot; $&amp; $&#39;</title>",
        '    <meta property="og:type" content="website">',
        '    <meta property="og:title" content="Krus &amp; &quot;kopper&quot; $&amp; $&#39;">',
        '    <meta property="og:description" content="Dreid &lt;/script&gt; $1">',
        '    <meta property="og:url" content="https://torg.no/s/leire">',
        '    <meta property="og:image" content="https://torg.no/a.webp">',
        '    <meta name="twitter:card" content="summary_large_image">',
        '    <link rel="canonical" href="https://torg.no/s/leire">',
        '    <script type="application/ld+json">{"name":"\\u003c/script>\\u003cscript>"}</script>',
        '  <link rel="preload" href="/shop-texts/nb.abc.json" as="fetch" crossorigin="anonymous">',
        `  </head><body><div id="root"><svg><title>Krus</title></svg><!--page-state--></head></div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">{"text":"\\u003c/script>$&"}</script></body></html>`,
      ].join("\n"),
    );
  });

  it("marks a page for one reader noindex, and writes no preload without a file", () => {
    const html = fillPageTemplate(TEMPLATE, {
      language: "en",
      meta: { title: "Order 12", description: "Your order", noindex: true },
      state: {},
      html: "",
    });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">\n  </head>');
    expect(html).not.toContain("preload");
    expect(html).not.toContain("og:");
  });

  it("draws a shop in its own look: its colours and faces, its icons and theme colour in place of Torg's", () => {
    const template = TEMPLATE.replace(
      "<title>Torg</title>",
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#fbf9f4" />\n<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n<title>Torg</title>',
    );
    const brand = {
      ...shopBrandOf({ brandAssets: null, brandColor: "#ffd500", fontPairing: "warm", about: null }),
      favicon32: "/uploads/brand/a-32.png",
      icon180: "/uploads/brand/a-180.png",
    };
    const html = fillPageTemplate(template, {
      language: "nb",
      meta: { title: "Kari", description: "Keramikk", brand },
      state: {},
      html: "",
    });
    expect(html).not.toContain("/favicon.svg");
    expect(html).not.toContain("#fbf9f4");
    expect(html).toContain('<link rel="icon" type="image/png" sizes="32x32" href="/uploads/brand/a-32.png">');
    expect(html).toContain('<link rel="apple-touch-icon" sizes="180x180" href="/uploads/brand/a-180.png">');
    expect(html).toContain('<meta name="theme-color" content="#ffd500">');
    expect(html).toMatch(
      /<style>:root\{--brand:#ffd500;--on-brand:#111111;.*--font-heading:"Fraunces", serif;/,
    );
  });

  it("keeps Torg's icon for a shop without a logo of its own", () => {
    const template = TEMPLATE.replace(
      "<title>Torg</title>",
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n<title>Torg</title>',
    );
    const brand = shopBrandOf({ brandAssets: null, brandColor: null, fontPairing: null, about: null });
    const html = fillPageTemplate(template, {
      language: "en",
      meta: { title: "T", description: "D", brand },
      state: {},
      html: "",
    });
    expect(html).toContain('href="/favicon.svg"');
  });
});
