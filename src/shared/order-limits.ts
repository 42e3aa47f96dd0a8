/** Checkout limits, zod-free so the storefront's first load can use them (the schemas live in order.ts). */
export const MAX_QTY_PER_LINE = 99;
export const MAX_LINES_PER_ORDER = 50;
