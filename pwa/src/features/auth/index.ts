// What src/app uses from the auth feature (other features must not import it;
// the signed-in user for everyone is in src/lib/auth.ts).
export { RequireAuth, RequireBrowse, RequireRole } from './components/require-auth'
export { useLogout } from './api/logout'
export { SessionEnded } from './components/session-ended'
