/**
 * Quick-create's public entry (decision 0027): the one file of this folder that code outside it may
 * import. routes.tsx mounts the page from here.
 */
export { QuickCreatePage } from "./quick-create-page";
