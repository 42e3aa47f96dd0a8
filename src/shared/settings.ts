import { LANGUAGES, THEMES, type UserSettings } from "./preferences";
import { z } from "./zod";

export const settingsSchema = z.object({
  language: z.enum(LANGUAGES, "errors.invalidLanguage"),
  emailNotifications: z.boolean("errors.invalidInput"),
  smsNotifications: z.boolean("errors.invalidInput"),
  theme: z.enum(THEMES, "errors.invalidTheme"),
}) satisfies z.ZodType<UserSettings>;

/** PUT /api/settings takes any subset; the rest keeps its saved value. */
export const settingsPatchSchema = settingsSchema.partial();
