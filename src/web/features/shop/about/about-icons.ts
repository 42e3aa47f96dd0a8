import { icon } from "../components/icons";

/**
 * The about page's own icons, drawn like the shop's (components/icons.tsx, lucide's drawings): kept in
 * the about page's module so the storefront's first load does not carry them (icons.test.ts holds them
 * to lucide-react's drawings too).
 */
export const ExternalLink = /* @__PURE__ */ icon([
  ["path", { d: "M15 3h6v6" }],
  ["path", { d: "M10 14 21 3" }],
  ["path", { d: "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" }],
]);
export const MapPin = /* @__PURE__ */ icon([
  [
    "path",
    {
      d: "M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0",
    },
  ],
  ["circle", { cx: "12", cy: "10", r: "3" }],
]);
