/**
 * A one-time link's token is the proof its e-mail carries (decisions 0065, 0066): the message as
 * email_log keeps it, which sellers and admins read, has the token cut out, so reading the log confirms
 * or resets nothing.
 */
export const REDACTED_TOKEN = "…";

export const withoutToken = (text: string, token: string | undefined) =>
  token ? text.replaceAll(encodeURIComponent(token), REDACTED_TOKEN).replaceAll(token, REDACTED_TOKEN) : text;
