/** The auth feature's public entry: what other features and the app use of it, and all they may import. */
export { AuthRequiredDialog, requireAuth } from './AuthRequired.tsx';
export { AuthShell, inlineLink } from './AuthShell.tsx';
export { Guard } from './Guard.tsx';
export { InactivityLogout } from './Inactivity.tsx';
export { afterSignIn, clearClientState, prefetchViewer, signOut, useLogOut, useViewer, viewerKey } from './session.ts';
