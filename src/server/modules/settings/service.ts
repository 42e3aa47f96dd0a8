import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS, type UserSettings } from "../../../shared/preferences";
import type { Db } from "../../db/client";
import { userSettings } from "../../db/schema";

function toSettings(row: typeof userSettings.$inferSelect | undefined): UserSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    language: row.language as UserSettings["language"],
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    theme: row.theme as UserSettings["theme"],
  };
}

export async function getSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return toSettings(row);
}

/**
 * Saves any subset of the settings; a user without a row gets the defaults for the rest. Torg's prices are
 * kroner only, so there is no currency preference (decision 0069): the old user_settings.currency column
 * keeps its default and nothing reads it.
 */
export async function saveSettings(
  db: Db,
  userId: string,
  patch: Partial<UserSettings>,
): Promise<UserSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ ...DEFAULT_SETTINGS, ...patch, userId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return toSettings(row);
}
