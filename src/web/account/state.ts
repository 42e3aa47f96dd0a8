import type { Catalogue } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";
import type { RetentionPeriods } from "../../shared/privacy";

export type { RetentionPeriods };

/** What a server-rendered login, sign-up or privacy page hands to the browser (src/web/lib/page-state.ts). */
export interface AccountState {
  page: "login" | "register" | "privacy" | "forgot-password" | "reset-password" | "verify-email";
  /** The token of the link that opened a reset or proof-of-address page (decision 0065). */
  token?: string;
  /** The privacy page's periods (the other pages have none). */
  retention?: RetentionPeriods;
  /** Where to go once signed in: a path of this site, checked by the server. */
  next: string;
  /** decision 0002: the server accepts sign-ups only from an allow-list (the pages say so). */
  signupRestricted: boolean;
  language: Language;
  catalogue: Catalogue;
}
