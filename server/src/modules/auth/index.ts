/** Sign-in, sessions, tokens and password resets. The rest of the server imports this module through this file only. */
export { resolveAuthSecret } from './auth-secret';
export { registerAuthentication } from './authenticate';
export { FailureLimiter } from './login-limiter';
export { ResetRequestLimiter } from './reset-limiter';
export { authRoutes } from './routes';
export { authService } from './service';
export { SessionCache } from './session-cache';
export { registerStaffArea, STAFF_AREAS, STAFF_REQUIRED_DETAIL } from './staff-area';
export { userSessions } from './user-sessions';
