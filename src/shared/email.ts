import { z } from "./zod";

/**
 * An e-mail address as Torg takes it everywhere (an account, a store's contact address): trimmed, lower
 * case, at most 254 characters. Its own module, so the shop's bundle can take it without the account
 * schemas and their messages.
 */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .email("errors.emailInvalid")
  .max(254, "errors.emailInvalid");
