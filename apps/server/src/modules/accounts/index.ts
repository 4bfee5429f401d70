/**
 * The accounts area's public face (docs/architecture.md). People and their sign-in: customer and merchant
 * accounts, sessions, e-mail verification and password reset, admin sign-in with its access code. Code outside
 * the area imports only this file (docs/decisions/0038-business-areas.md).
 */
export { accountRoutes } from './account/account.routes';
export { adminAuthRoutes } from './admin-auth/admin-auth.routes';
export { authRoutes } from './auth/auth.routes';
export { emailChangeRoutes } from './email-change/email-change.routes';
export { sessionsRoutes } from './sessions/sessions.routes';
export { describeUserAgent } from './sessions/device';
export { securityRoutes } from './security/security.routes';
export { hasSecondFactor } from './security/security.service';
export { pruneWebauthnChallenges } from './security/passkeys.service';
export { assertPassword } from './email-change/email-change.service';
export { AUTH_ERRORS, DEFAULT_AUTH_LIMITS, createUser, deliverAfterResponse, insertUserIfNew, writeSignup } from './auth/auth.service';
export type { AuthDeps, AuthLimits } from './auth/auth.service';
