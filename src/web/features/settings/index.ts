/**
 * The settings feature's public entry (decision 0027): the one file of this folder that code outside it
 * may import. src/web/pages/settings mounts the page.
 */
export { SettingsPage } from "./components/settings-page";
