import { settingsSchema } from "../../../shared/settings";
import type { z } from "../../../shared/zod";

/** What the Save button sends; language and theme apply and save the moment they change. */
export const settingsFormSchema = settingsSchema.pick({
  currency: true,
  emailNotifications: true,
  smsNotifications: true,
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;
