/** What other modules may use of the auth module: its front door (decision 0075). */
export { deleteEndedAccountTokens, sendEmailChangeLink } from "./account-links";
export { denyByDefaultPlugin } from "./deny-by-default";
export type { EmailWake } from "./routes";
export { authRoutes } from "./routes";
export type { AuthConfig } from "./service";
export {
  changePassword,
  deleteExpiredSessions,
  resolveSession,
  setAdmin,
  toPublicUser,
  unusablePasswordHash,
  updateProfile,
} from "./service";
export { clearSessionCookie, SESSION_COOKIE, sessionPlugin } from "./session";
