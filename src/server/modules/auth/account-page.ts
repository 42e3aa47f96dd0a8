import { translate } from "../../../shared/i18n";
import { safeNextPath } from "../../../shared/next-path";
import type { Language } from "../../../shared/preferences";
import { renderAccountPage } from "../../../web/account/render";
import type { AccountState } from "../../../web/account/state";
import { accountCatalogue } from "../../../web/lib/page-catalogues";
import { fillPageTemplate } from "../../lib/rendered-page";

const ACCOUNT_PAGES = { "/login": "login", "/register": "register" } as const;

/** The account page a path names (login or sign-up), or undefined. */
export function accountPageOf(pathname: string): AccountState["page"] | undefined {
  return ACCOUNT_PAGES[pathname.replace(/(.)\/$/, "$1") as keyof typeof ACCOUNT_PAGES];
}

export interface AccountPageRequest {
  page: AccountState["page"];
  /** The raw `?next=` the app sent, checked here. */
  next: unknown;
  language: Language;
  signupRestricted: boolean;
}

/** The login or sign-up page, rendered with React into account.html in the visitor's language. */
export function renderAccount(template: string, request: AccountPageRequest): string {
  const catalogue = accountCatalogue(request.language);
  const state: AccountState = {
    page: request.page,
    next: safeNextPath(request.next),
    signupRestricted: request.signupRestricted,
    language: request.language,
    catalogue,
  };
  const t = (key: string) => translate(request.language, catalogue, catalogue, key);
  const title = `${t(request.page === "login" ? "login.submit" : "nav.signUp")} · ${t("common.brand")}`;
  return fillPageTemplate(template, {
    language: request.language,
    meta: { title, description: t("showcase.tagline") },
    state,
    html: renderAccountPage(state),
  });
}
