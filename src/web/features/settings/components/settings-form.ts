import { settingsSchema } from "../../../../shared/settings";
import type { z } from "../../../../shared/zod";

/**
 * What the Save button sends: the e-mail switch. Language and theme apply and save the moment they change;
 * the new-order texts are switched in a store's SMS card (decision 0069).
 */
export const settingsFormSchema = settingsSchema.pick({ emailNotifications: true });
export type SettingsForm = z.infer<typeof settingsFormSchema>;
