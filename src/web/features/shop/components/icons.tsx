import { createElement, type ReactElement } from "react";

/**
 * The shop's icons: lucide's drawings (lucide-react 1.75.0, ISC licence, copyright Lucide Contributors),
 * by one plain component per icon whose children are built once, when this module loads. lucide-react's
 * icon is two forwardRef components that, on every render, read a context, rebuild the attribute object
 * through several spreads, split and merge the class names and create each child element again: about a
 * tenth of the server's rendering of a shop page, and the same again in the shopper's browser when it
 * hydrates (decision 0049). The drawings are copied rather than read from lucide-react's icon modules:
 * those export their data only beside a component the bundler cannot drop, and the storefront's
 * JavaScript is at its budget. icons.test.ts holds each to lucide-react's own drawing, so an upgrade
 * that redraws one fails there.
 *
 * The `<svg>` is lucide's, less what every icon repeated (decision 0053): its stroke is the `torg-icon`
 * class (components/storefront.css), and the namespace and lucide's name classes, which an HTML page
 * needs neither of, are left out; 140 bytes an icon on every page. Every shop icon is decorative, so
 * each is `aria-hidden`, as lucide-react makes an icon given no accessible name.
 */
/** An icon's children: element name and attributes, in lucide's order. */
type IconNode = [tag: "path" | "circle" | "line" | "rect", attributes: Record<string, string>][];

export interface ShopIconProps {
  className?: string;
}

export type ShopIcon = (props: ShopIconProps) => ReactElement;

/** An icon is named by its export, as lucide-react names it (icons.test.ts pairs them by that name). */
export function icon(node: IconNode): ShopIcon {
  // The same elements every render: React writes a constant element again without it being built again.
  const children = node.map(([tag, attributes], index) => createElement(tag, { ...attributes, key: index }));
  return function Icon({ className }: ShopIconProps) {
    return (
      // The width and height keep an icon its size where the stylesheet has not loaded.
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        className={className ? `torg-icon ${className}` : "torg-icon"}
        aria-hidden="true"
      >
        {children}
      </svg>
    );
  };
}

export const ArrowLeft = /* @__PURE__ */ icon([
  ["path", { d: "m12 19-7-7 7-7" }],
  ["path", { d: "M19 12H5" }],
]);
export const ArrowRight = /* @__PURE__ */ icon([
  ["path", { d: "M5 12h14" }],
  ["path", { d: "m12 5 7 7-7 7" }],
]);
export const ChevronLeft = /* @__PURE__ */ icon([["path", { d: "m15 18-6-6 6-6" }]]);
export const ChevronRight = /* @__PURE__ */ icon([["path", { d: "m9 18 6-6-6-6" }]]);
export const CircleCheck = /* @__PURE__ */ icon([
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m16 9-5.5 5.5L8 12" }],
]);
export const CircleX = /* @__PURE__ */ icon([
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m15 9-6 6" }],
  ["path", { d: "m9 9 6 6" }],
]);
export const Clock = /* @__PURE__ */ icon([
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "M12 6v6l4 2" }],
]);
export const Info = /* @__PURE__ */ icon([
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "M12 16v-4" }],
  ["path", { d: "M12 8h.01" }],
]);
export const LoaderCircle = /* @__PURE__ */ icon([["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]]);
export const Mail = /* @__PURE__ */ icon([
  ["path", { d: "m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" }],
  ["rect", { x: "2", y: "4", width: "20", height: "16", rx: "2" }],
]);
export const Maximize = /* @__PURE__ */ icon([
  ["path", { d: "M8 3H5a2 2 0 0 0-2 2v3" }],
  ["path", { d: "M21 8V5a2 2 0 0 0-2-2h-3" }],
  ["path", { d: "M3 16v3a2 2 0 0 0 2 2h3" }],
  ["path", { d: "M16 21h3a2 2 0 0 0 2-2v-3" }],
]);
export const MessageCircle = /* @__PURE__ */ icon([
  [
    "path",
    {
      d: "M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719",
    },
  ],
]);
export const Minus = /* @__PURE__ */ icon([["path", { d: "M5 12h14" }]]);
export const PackageOpen = /* @__PURE__ */ icon([
  ["path", { d: "M12 22v-9" }],
  [
    "path",
    {
      d: "M15.17 2.21a1.67 1.67 0 0 1 1.63 0L21 4.57a1.93 1.93 0 0 1 0 3.36L8.82 14.79a1.655 1.655 0 0 1-1.64 0L3 12.43a1.93 1.93 0 0 1 0-3.36z",
    },
  ],
  [
    "path",
    {
      d: "M20 13v3.87a2.06 2.06 0 0 1-1.11 1.83l-6 3.08a1.93 1.93 0 0 1-1.78 0l-6-3.08A2.06 2.06 0 0 1 4 16.87V13",
    },
  ],
  [
    "path",
    {
      d: "M21 12.43a1.93 1.93 0 0 0 0-3.36L8.83 2.2a1.64 1.64 0 0 0-1.63 0L3 4.57a1.93 1.93 0 0 0 0 3.36l12.18 6.86a1.636 1.636 0 0 0 1.63 0z",
    },
  ],
]);
export const PackageSearch = /* @__PURE__ */ icon([
  ["path", { d: "M12 22V12" }],
  ["path", { d: "M20.27 18.27 22 20" }],
  [
    "path",
    {
      d: "M21 10.498V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l.98-.559",
    },
  ],
  ["path", { d: "M3.29 7 12 12l8.71-5" }],
  ["path", { d: "m7.5 4.27 8.997 5.148" }],
  ["circle", { cx: "18.5", cy: "16.5", r: "2.5" }],
]);
export const Phone = /* @__PURE__ */ icon([
  [
    "path",
    {
      d: "M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384",
    },
  ],
]);
export const Plus = /* @__PURE__ */ icon([
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
]);
export const ReceiptText = /* @__PURE__ */ icon([
  ["path", { d: "M13 16H8" }],
  ["path", { d: "M14 8H8" }],
  ["path", { d: "M16 12H8" }],
  [
    "path",
    {
      d: "M4 3a1 1 0 0 1 1-1 1.3 1.3 0 0 1 .7.2l.933.6a1.3 1.3 0 0 0 1.4 0l.934-.6a1.3 1.3 0 0 1 1.4 0l.933.6a1.3 1.3 0 0 0 1.4 0l.933-.6a1.3 1.3 0 0 1 1.4 0l.934.6a1.3 1.3 0 0 0 1.4 0l.933-.6A1.3 1.3 0 0 1 19 2a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1 1.3 1.3 0 0 1-.7-.2l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.934.6a1.3 1.3 0 0 1-1.4 0l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-1.4 0l-.934-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-.7.2 1 1 0 0 1-1-1z",
    },
  ],
]);
export const ScanSearch = /* @__PURE__ */ icon([
  ["path", { d: "M3 7V5a2 2 0 0 1 2-2h2" }],
  ["path", { d: "M17 3h2a2 2 0 0 1 2 2v2" }],
  ["path", { d: "M21 17v2a2 2 0 0 1-2 2h-2" }],
  ["path", { d: "M7 21H5a2 2 0 0 1-2-2v-2" }],
  ["circle", { cx: "12", cy: "12", r: "3" }],
  ["path", { d: "m16 16-1.9-1.9" }],
]);
export const Search = /* @__PURE__ */ icon([
  ["path", { d: "m21 21-4.34-4.34" }],
  ["circle", { cx: "11", cy: "11", r: "8" }],
]);
export const Share2 = /* @__PURE__ */ icon([
  ["circle", { cx: "18", cy: "5", r: "3" }],
  ["circle", { cx: "6", cy: "12", r: "3" }],
  ["circle", { cx: "18", cy: "19", r: "3" }],
  ["line", { x1: "8.59", x2: "15.42", y1: "13.51", y2: "17.49" }],
  ["line", { x1: "15.41", x2: "8.59", y1: "6.51", y2: "10.49" }],
]);
export const ShoppingBag = /* @__PURE__ */ icon([
  ["path", { d: "M16 10a4 4 0 0 1-8 0" }],
  ["path", { d: "M3.103 6.034h17.794" }],
  [
    "path",
    {
      d: "M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z",
    },
  ],
]);
export const Store = /* @__PURE__ */ icon([
  ["path", { d: "M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5" }],
  [
    "path",
    {
      d: "M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244",
    },
  ],
  ["path", { d: "M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05" }],
]);
export const Trash2 = /* @__PURE__ */ icon([
  ["path", { d: "M10 11v6" }],
  ["path", { d: "M14 11v6" }],
  ["path", { d: "M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" }],
  ["path", { d: "M3 6h18" }],
  ["path", { d: "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" }],
]);
export const X = /* @__PURE__ */ icon([
  ["path", { d: "M18 6 6 18" }],
  ["path", { d: "m6 6 12 12" }],
]);
