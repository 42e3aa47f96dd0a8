import { emailField } from "./email";
import { linkTokenText, singleLineText } from "./text";
import { z } from "./zod";

/**
 * Validation messages are i18n keys of the `errors` catalogue (src/shared/locales/<lang>.json):
 * the server answers with the English text, the client shows the user's language.
 */
export { emailField };

export const passwordField = z.string().min(8, "errors.passwordMin").max(200, "errors.passwordMax");

export const fullNameField = singleLineText().min(2, "errors.fullNameMin").max(120, "errors.fullNameMax");

export const registerSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, "errors.passwordRequired").max(200, "errors.passwordMax"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The profile form's own messages differ from sign-up's (docs/product-spec.md 5: "Name must be at least 2 characters.").
 * A new email also needs the current password (see isEmailChange): a session alone does not prove that
 * its holder owns the account.
 */
export const profileSchema = z.object({
  fullName: singleLineText().min(2, "errors.profileNameMin").max(120, "errors.fullNameMax"),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email("errors.profileEmailInvalid")
    .max(254, "errors.profileEmailInvalid"),
  currentPassword: z.string().max(200, "errors.passwordMax").optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Whether saving the profile changes the account's email (emails compare without case). */
export const isEmailChange = (currentEmail: string, email: string) =>
  currentEmail.trim().toLowerCase() !== email.trim().toLowerCase();

/** The profile form for an account whose email is `currentEmail`: the password is asked for with a new one. */
export const profileFormSchema = (currentEmail: string) =>
  profileSchema.superRefine((input, ctx) => {
    if (isEmailChange(currentEmail, input.email) && !input.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "errors.currentPasswordRequired" });
    }
  });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "errors.passwordRequired").max(200, "errors.passwordMax"),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** "Forgot password?": the address to send a reset link to (decision 0065). */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A one-time link's token, as the link carries it. */
const linkToken = linkTokenText("errors.linkInvalid");

/** A new password from a reset link: the same rules as at sign-up. */
export const resetPasswordSchema = z.object({ token: linkToken, password: passwordField });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Opening a proof-of-address link. */
export const emailTokenSchema = z.object({ token: linkToken });

/** Deleting one's account asks for the password again: a session alone is not proof of owning it. */
export const deleteAccountSchema = z.object({
  password: z
    .string("errors.passwordRequired")
    .min(1, "errors.passwordRequired")
    .max(200, "errors.passwordMax"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The user as every API answer shows it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  isAdmin: z.boolean(),
  isWhitelisted: z.boolean(),
  /** Whether the account's address is proven (decision 0065). */
  emailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
/** The answer to register, login and GET /api/me. */
export const userAnswerSchema = z.object({ user: publicUserSchema });
