import { SettingsPage as Settings } from "../../features/settings";

/** /settings. */
export function SettingsPage() {
  return <Settings />;
}
