/** The auth feature's public entry: what other features and the app use of it, and all they may import. */
export type { Actor } from './actor.ts';
export { findAccountStanding } from './account.queries.ts';
export { auth } from './auth.routes.ts';
export { createAuth } from './auth.ts';
export { authHeaders, forwardCookies } from './bridge.ts';
export { checkOwnPassword, hashNewPassword } from './password-check.ts';
export type { Auth } from './auth.ts';
export { adminIds, grantListedAdmins } from './roles.queries.ts';
export { installSessionCache } from './session-cache.ts';
export {
  deleteResetTokens,
  deleteSession,
  findSessionByToken,
  insertImpersonationSession,
} from './sessions.queries.ts';
export { readCookie, signToken, verifySignedToken } from './signed-cookie.ts';
export { callers, loadViewer } from './viewer.ts';
export type { Callers, SessionViewer } from './viewer.ts';
