/**
 * The colour a shop without its own is drawn in: Torg's primary green (theme.css --primary, light).
 * A module of its own, free of zod, so the shop's bundle can ask whether a store chose a colour without
 * carrying brand.ts's schemas (the storefront's JavaScript budget, bench/pages).
 */
export const DEFAULT_BRAND_COLOR = "#1b5a43";
