import type { Catalogue } from "../../shared/i18n";
import type { Language } from "../../shared/preferences";

/** What a server-rendered login or sign-up page hands to the browser (src/web/lib/page-state.ts). */
export interface AccountState {
  page: "login" | "register";
  /** Where to go once signed in: a path of this site, checked by the server. */
  next: string;
  /** D2: the server accepts sign-ups only from an allow-list (the pages say so). */
  signupRestricted: boolean;
  language: Language;
  catalogue: Catalogue;
}
