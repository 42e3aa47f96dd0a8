import { translate } from "../../shared/i18n";
import { safeNextPath } from "../../shared/next-path";
import type { Language } from "../../shared/preferences";
import {
  type AccountState,
  accountCatalogue,
  privacyCatalogue,
  type RetentionPeriods,
  renderAccountPage,
} from "./render";
import { fillPageTemplate } from "./rendered-page";

export type AccountPage = AccountState["page"];

/** The account pages by their address: each its own route (src/server/pages/routes.ts). */
export const ACCOUNT_PAGES = {
  "/login": "login",
  "/register": "register",
  "/privacy": "privacy",
  "/forgot-password": "forgot-password",
  "/reset-password": "reset-password",
  "/verify-email": "verify-email",
} as const satisfies Record<string, AccountPage>;

export interface AccountPageRequest {
  page: AccountState["page"];
  /** The raw `?next=` the app sent, checked here. */
  next: unknown;
  language: Language;
  signupRestricted: boolean;
  /** `?token=` of a reset or proof-of-address link (decision 0065). */
  token?: string | null;
  /** The configured retention periods, which the privacy page states. */
  retention: RetentionPeriods;
}

const TITLES = {
  login: "login.submit",
  register: "nav.signUp",
  privacy: "privacy.title",
  "forgot-password": "accountLinks.forgotTitle",
  "reset-password": "accountLinks.resetTitle",
  "verify-email": "accountLinks.verifyTitle",
} as const;

/** The pages a link from an e-mail opens: they work whether or not the browser is signed in. */
export const LINK_PAGES: readonly AccountPage[] = ["reset-password", "verify-email"];

/** The login, sign-up or privacy page, rendered with React into account.html in the visitor's language. */
export function renderAccount(template: string, request: AccountPageRequest): string {
  const privacy = request.page === "privacy";
  const catalogue = (privacy ? privacyCatalogue : accountCatalogue)(request.language);
  const state: AccountState = {
    page: request.page,
    next: safeNextPath(request.next),
    signupRestricted: request.signupRestricted,
    language: request.language,
    catalogue,
    ...(privacy ? { retention: request.retention } : {}),
    ...(LINK_PAGES.includes(request.page) ? { token: (request.token ?? "").slice(0, 200) } : {}),
  };
  const t = (key: string) => translate(request.language, catalogue, catalogue, key);
  const title = `${t(TITLES[request.page])} · ${t("common.brand")}`;
  return fillPageTemplate(template, {
    language: request.language,
    meta: { title, description: t("showcase.tagline") },
    state,
    html: renderAccountPage(state),
  });
}
